/**
 * The 'Update Profile Picture' dialog (spec §2, §5): pick an image/* file, crop it with a fixed 1:1 circle and
 * upload the crop as JPEG. Keyboard nudges (1 px, 10 px with Shift, 100 px with Ctrl or Cmd) are ReactCrop's
 * own defaults on the focused crop area. Upload needs a completed, non-empty crop; a failure keeps the dialog
 * open with the message.
 */
import { useEffect, useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import ReactCrop, { centerCrop, makeAspectCrop, type PercentCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { css } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import { uploadPicture } from '../../stores/profiles/profile-edits.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { fileStageClass, fileStageEmptyClass } from '../../ui/stage-styles.ts';
import { useFormDialog } from '../../ui/use-form-dialog.ts';
import { cropToJpeg } from './crop-to-jpeg.ts';

const INITIAL_CROP_PERCENT = 90;

const hintClass = css({ color: 'fg.muted', fontSize: 'sm' });
const pickerRowClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });
const fileNameClass = css({
  fontSize: 'sm',
  color: 'fg.muted',
  minW: '0',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  flex: '1',
});
// ReactCrop hands max-height down to the image (its CSS: `.ReactCrop__child-wrapper > img { max-height: inherit }`).
const cropClass = css({ maxH: '300px' });

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function PictureDialog({ open, onOpenChange }: Props) {
  const [file, setFile] = useState<{ url: string; name: string } | null>(null);
  const [crop, setCrop] = useState<PercentCrop>();
  const [completed, setCompleted] = useState<PercentCrop | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  // Every opening starts empty, and closing lets the last pick (and its object URL) go.
  const { error, setError, busy, submit } = useFormDialog({
    open,
    onOpenChange,
    reset: () => {
      setFile(null);
      setCrop(undefined);
      setCompleted(null);
    },
    save: async () => {
      const image = imageRef.current;
      if (!image || !completed) return 'Choose a picture first';
      return cropToJpeg(image, completed).then(uploadPicture, () => 'The picture could not be prepared');
    },
  });
  useEffect(() => () => (file ? URL.revokeObjectURL(file.url) : undefined), [file]);

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0];
    event.target.value = ''; // picking the same file again still fires change
    if (!picked) return;
    setCrop(undefined);
    setCompleted(null);
    if (!picked.type.startsWith('image/')) {
      setFile(null);
      setError('Please choose an image file');
      return;
    }
    setError(null);
    setFile({ url: URL.createObjectURL(picked), name: picked.name });
  }

  function onImageLoad(event: SyntheticEvent<HTMLImageElement>) {
    const { naturalWidth: w, naturalHeight: h } = event.currentTarget;
    const size = w > h ? { unit: '%' as const, height: INITIAL_CROP_PERCENT } : { unit: '%' as const, width: INITIAL_CROP_PERCENT };
    const initial = centerCrop(makeAspectCrop(size, 1, w, h), w, h);
    setCrop(initial);
    setCompleted(initial);
  }

  function onImageError() {
    setFile(null);
    setError('This file could not be read as an image');
  }

  const canUpload = Boolean(file && completed && completed.width > 0 && completed.height > 0) && !busy;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Update Profile Picture"
      busy={busy}
      initialFocusRef={chooseRef}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={!canUpload} aria-busy={busy}>
            {busy ? 'Uploading...' : 'Upload'}
          </Button>
        </>
      }
    >
      <p className={hintClass}>Select and crop your profile picture</p>
      <div className={pickerRowClass}>
        <input ref={inputRef} type="file" accept="image/*" hidden onChange={onFileChange} disabled={busy} />
        <button
          ref={chooseRef}
          type="button"
          className={button({ variant: 'outline', size: 'sm' })}
          onClick={() => inputRef.current?.click()}
          disabled={busy}
        >
          <Icon name="upload" />
          {file ? 'Choose another picture' : 'Choose picture'}
        </button>
        {file && <span className={fileNameClass}>{file.name}</span>}
      </div>
      {error && <Alert>{error}</Alert>}
      <div className={fileStageClass}>
        {file ? (
          <ReactCrop
            className={cropClass}
            crop={crop}
            onChange={(_pixels, percent) => setCrop(percent)}
            onComplete={(_pixels, percent) => setCompleted(percent)}
            aspect={1}
            circularCrop
            keepSelection
            minWidth={24}
            disabled={busy}
          >
            <img ref={imageRef} src={file.url} alt="Picture to crop" onLoad={onImageLoad} onError={onImageError} />
          </ReactCrop>
        ) : (
          <div className={fileStageEmptyClass}>
            <Icon name="camera" />
            <span>No picture chosen</span>
          </div>
        )}
      </div>
    </Dialog>
  );
}
