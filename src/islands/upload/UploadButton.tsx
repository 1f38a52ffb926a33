/**
 * NOTE: the nav bar's Upload icon button (spec §2) and its 'Upload Content' dialog. Mount it from AppLayout in
 * the NavBar `islands` slot with `client:load transition:persist="upload"` (signed-in pages only). The uploads
 * themselves run in src/stores/uploads.ts, so they go on across navigations and after the dialog closed; this
 * island only shows their progress over the button and listens for the server's `upload_progress` pushes.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import { iconButton } from '../../../styled-system/recipes';
import { $uploads, watchUploadEvents } from '../../stores/uploads.ts';
import { Icon } from '../../ui/Icon.tsx';
import { UploadDialog } from './UploadDialog.tsx';
import { UploadProgress } from './UploadProgress.tsx';

const wrapClass = css({ position: 'relative', display: 'inline-grid', flexShrink: 0 });
const triggerClass = iconButton({ tone: 'navbar' });

export default function UploadButton() {
  const [open, setOpen] = useState(false);
  const uploads = useStore($uploads);
  useEffect(() => watchUploadEvents(), []);
  const running = uploads[0];

  return (
    <span className={wrapClass}>
      <button
        type="button"
        className={triggerClass}
        aria-label="Upload"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Icon name="upload" />
      </button>
      {running && <UploadProgress job={running} count={uploads.length} />}
      <UploadDialog open={open} onOpenChange={setOpen} />
    </span>
  );
}
