/**
 * The file picker and preview of the upload dialog. Accepts image/* and video/*; anything else is refused here
 * with a message (the server checks the bytes again). The preview is at most 300px high (spec §9): an <img>,
 * or a <video controls> whose metadata gives the length the trim sliders need (`onLoaded(duration)`; null for
 * images). A picture the browser cannot show calls `onUnreadable` with a message. A video it cannot play (a phone's
 * HEVC .mov in Chromium on Linux or Windows, or in Firefox) is still taken, without preview or trim: it calls
 * `onLoaded(null)` and says so, since the server makes every video playable (ADR 051).
 */
import { useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { css } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import { Icon } from '../../ui/Icon.tsx';
import { fileStageClass, fileStageEmptyClass } from '../../ui/stage-styles.ts';

export type PickedMedia = { file: File; url: string; kind: 'image' | 'video' };

export const NOT_MEDIA_TEXT = 'Please choose an image or a video file';
export const UNREADABLE_TEXT = 'This file could not be opened. Please choose another image or video.';
export const UNPLAYABLE_TEXT =
  'This browser cannot play this video, so it cannot be previewed or trimmed here. It is converted when you upload it, so everyone can watch it.';

const pickerRowClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });
const fileNameClass = css({
  fontSize: 'sm',
  color: 'fg.muted',
  minW: '0',
  flex: '1',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
const previewClass = css({ display: 'block', maxW: '100%', maxH: '300px', borderRadius: 'md', bg: 'black' });

function kindOf(file: File): PickedMedia['kind'] | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  return null;
}

type Props = {
  media: PickedMedia | null;
  onPick: (media: PickedMedia | null, problem: string | null) => void;
  onLoaded: (duration: number | null) => void;
  onUnreadable: (message: string) => void;
  chooseRef: RefObject<HTMLButtonElement | null>;
  videoRef: RefObject<HTMLVideoElement | null>;
};

export function MediaPicker({ media, onPick, onLoaded, onUnreadable, chooseRef, videoRef }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  // The object URL of the video this browser could not play.
  const [unplayable, setUnplayable] = useState<string | null>(null);
  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again still fires change
    if (!file) return;
    const kind = kindOf(file);
    if (!kind) onPick(null, NOT_MEDIA_TEXT);
    else onPick({ file, url: URL.createObjectURL(file), kind }, null);
  }

  return (
    <>
      <div className={pickerRowClass}>
        <input ref={inputRef} type="file" accept="image/*,video/*" hidden onChange={onFileChange} />
        <button
          ref={chooseRef}
          type="button"
          className={button({ variant: 'outline', size: 'sm' })}
          onClick={() => inputRef.current?.click()}
        >
          <Icon name="upload" />
          {media ? 'Choose another file' : 'Choose image or video'}
        </button>
        {media && <span className={fileNameClass}>{media.file.name}</span>}
      </div>
      <div className={fileStageClass}>
        {media?.kind === 'image' && (
          <img
            key={media.url}
            className={previewClass}
            src={media.url}
            alt={`Preview of ${media.file.name}`}
            onLoad={() => onLoaded(null)}
            onError={() => onUnreadable(UNREADABLE_TEXT)}
          />
        )}
        {media?.kind === 'video' && unplayable === media.url && (
          <div className={fileStageEmptyClass} role="note">
            <Icon name="play" />
            <span>{UNPLAYABLE_TEXT}</span>
          </div>
        )}
        {media?.kind === 'video' && unplayable !== media.url && (
          <video
            key={media.url}
            ref={videoRef}
            className={previewClass}
            src={media.url}
            controls
            playsInline
            preload="metadata"
            aria-label={`Preview of ${media.file.name}`}
            onLoadedMetadata={(e) => onLoaded(e.currentTarget.duration)}
            onError={() => {
              setUnplayable(media.url);
              onLoaded(null);
            }}
          />
        )}
        {!media && (
          <div className={fileStageEmptyClass}>
            <Icon name="camera" />
            <span>No file chosen</span>
          </div>
        )}
      </div>
    </>
  );
}
