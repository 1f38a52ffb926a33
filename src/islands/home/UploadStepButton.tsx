/**
 * The home page's "Upload a first clip" step: opens the nav's 'Upload Content' dialog (src/stores/media/upload-dialog.ts)
 * rather than leaving the page.
 */
import { openUploadDialog } from '../../stores/media/upload-dialog.ts';
import { stepActionClass } from './start-styles.ts';

export default function UploadStepButton({ label }: { label: string }) {
  return (
    <button type="button" className={stepActionClass} aria-haspopup="dialog" onClick={() => openUploadDialog()}>
      {label}
    </button>
  );
}
