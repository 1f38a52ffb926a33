/**
 * NOTE: the nav bar's Upload icon button (spec §2) and its 'Upload Content' dialog. Mount it from AppLayout in
 * the NavBar `islands` slot with `client:load transition:persist="upload"` (signed-in pages only). The uploads
 * themselves run in src/stores/media/uploads.ts, so they go on across navigations and after the dialog closed; this
 * island only shows their progress over the button and listens for the server's `upload_progress` pushes.
 * The dialog (Ark Dialog, Slider, the picker) is loaded on the first click, not with every page: the nav islands
 * are in every signed-in page's initial JS (bench/README.md). Other islands open it with `openUploadDialog()`
 * (src/stores/media/upload-dialog.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import { iconButton } from '../../../styled-system/recipes';
import type { CommunityRef } from '../../shared/community-types.ts';
import { $uploadDialogAsks } from '../../stores/media/upload-dialog.ts';
import { $uploads, watchUploadEvents } from '../../stores/media/uploads.ts';
import { Icon } from '../../ui/Icon.tsx';
import { onDemand, useOnDemand } from '../../ui/on-demand.ts';

const wrapClass = css({ position: 'relative', display: 'inline-grid', flexShrink: 0 });
const triggerClass = iconButton({ tone: 'navbar' });
const dialog = onDemand(() => import('./UploadDialog.tsx').then((m) => m.UploadDialog));
// The ring loads with the first upload of the page's life: most pages never show it.
const progress = onDemand(() => import('./UploadProgress.tsx').then((m) => m.UploadProgress));

export default function UploadButton() {
  const [open, setOpen] = useState(false);
  const [community, setCommunity] = useState<CommunityRef | null>(null);
  // Once loaded it stays mounted, so closing still animates and reopening is instant.
  const [wanted, setWanted] = useState(false);
  const UploadDialog = useOnDemand(dialog, wanted, () => {
    setWanted(false);
    setOpen(false);
  });
  const uploads = useStore($uploads);
  useEffect(() => watchUploadEvents(), []);
  useEffect(
    () =>
      $uploadDialogAsks.listen((ask) => {
        setCommunity(ask.community);
        setWanted(true);
        setOpen(true);
      }),
    [],
  );
  const running = uploads[0];
  // Quiet on failure: the upload itself goes on, and its toasts still say how it ended.
  const UploadProgress = useOnDemand(progress, running !== undefined, () => {}, true);

  return (
    <span className={wrapClass}>
      <button
        type="button"
        className={triggerClass}
        aria-label="Upload"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setCommunity(null);
          setWanted(true);
          setOpen(true);
        }}
      >
        <Icon name="upload" />
      </button>
      {running && UploadProgress && <UploadProgress job={running} count={uploads.length} />}
      {UploadDialog && <UploadDialog open={open} onOpenChange={setOpen} community={community} />}
    </span>
  );
}
