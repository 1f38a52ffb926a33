/**
 * The 'Upload Content' dialog (spec §2, §4 "Upload", §5): pick an image or a video, see it (max 300px high),
 * add an optional caption, game (your games first) and community (yours), and for a video choose start and end with the trim sliders. Upload hands everything
 * to the uploads store and closes at once; the dialog starts empty on every opening.
 * The Upload button is disabled without a file and reads 'Processing...' while the picked file is still being
 * read (a video's length is known only once its metadata has loaded).
 */
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import * as v from 'valibot';
import { css } from '../../../styled-system/css';
import { CAPTION_MAX } from '../../shared/constants.ts';
import type { GameRef } from '../../shared/game-types.ts';
import { captionSchema } from '../../shared/schemas/media.ts';
import { startUpload } from '../../stores/media/uploads.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextArea } from '../../ui/TextArea.tsx';
import type { CommunityRef } from '../../shared/community-types.ts';
import { CommunityPicker } from './CommunityPicker.tsx';
import { GamePicker } from '../games/GamePicker.tsx';
import { MediaPicker, type PickedMedia } from './MediaPicker.tsx';
import { TrimSliders } from './TrimSliders.tsx';
import { sliderMax, type TrimSelection } from '../../client/trim-plan.ts';

const FORM_ID = 'upload-content-form';
// From tablet width the picture and its trim sit beside the caption and game, so a chosen file's row, its
// preview and every field fit a 1280×800 screen without scrolling; phones stack them.
const formClass = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
  gap: { base: '4', md: '6' },
  alignItems: 'start',
});
const columnClass = css({ display: 'flex', flexDirection: 'column', gap: '4', minW: '0' });

/** `community`: the community the post goes into unless the person chooses otherwise (opened from its page). */
type Props = { open: boolean; onOpenChange: (open: boolean) => void; community?: CommunityRef | null };

export function UploadDialog({ open, onOpenChange, community: preset = null }: Props) {
  const [media, setMedia] = useState<PickedMedia | null>(null);
  const [ready, setReady] = useState(false);
  const [trim, setTrim] = useState<TrimSelection | null>(null);
  const [caption, setCaption] = useState('');
  const [game, setGame] = useState<GameRef | null>(null);
  const [community, setCommunity] = useState(preset?.slug ?? '');
  const [error, setError] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);

  // Every opening starts empty (spec §4: the dialog resets), and a replaced pick lets its object URL go.
  useEffect(() => {
    setMedia(null);
    setReady(false);
    setTrim(null);
    setCaption('');
    setGame(null);
    setCommunity(preset?.slug ?? '');
    setError(null);
  }, [open, preset]);
  useEffect(() => () => (media ? URL.revokeObjectURL(media.url) : undefined), [media]);

  function onPick(picked: PickedMedia | null, problem: string | null) {
    setMedia(picked);
    setReady(false);
    setTrim(null);
    setError(problem);
  }

  function onLoaded(duration: number | null) {
    // A video without a finite length (some live-recorded WebM) can still be uploaded, just not trimmed.
    if (duration !== null && Number.isFinite(duration) && sliderMax(duration) > 0) {
      setTrim({ start: 0, end: sliderMax(duration), duration });
    }
    setReady(true);
  }

  function onTrimChange(start: number, end: number) {
    const video = videoRef.current;
    // Show the frame at the thumb that moved, so the person sees where the clip will start or stop.
    if (video && trim) video.currentTime = start !== trim.start ? start : end;
    setTrim((t) => (t ? { ...t, start, end } : t));
  }

  const parsedCaption = v.safeParse(captionSchema, caption);
  const captionLength = caption.trim().length;

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!media || !ready) return; // spec §5: nothing happens without a file
    if (!parsedCaption.success) {
      setError(parsedCaption.issues[0].message);
      return;
    }
    startUpload({
      file: media.file,
      caption: parsedCaption.output,
      trim: media.kind === 'video' ? trim : null,
      game: game?.slug ?? null,
      community: community || null,
    });
    onOpenChange(false);
  }

  const busy = Boolean(media) && !ready;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upload Content"
      size="lg"
      initialFocusRef={chooseRef}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} disabled={!media || busy} aria-busy={busy || undefined}>
            {busy ? 'Processing...' : 'Upload'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className={formClass} noValidate onSubmit={onSubmit}>
        <div className={columnClass}>
          <MediaPicker
            media={media}
            onPick={onPick}
            onLoaded={onLoaded}
            onUnreadable={(message) => onPick(null, message)}
            chooseRef={chooseRef}
            videoRef={videoRef}
          />
          {error && <Alert>{error}</Alert>}
          {media?.kind === 'video' && trim && <TrimSliders selection={trim} onChange={onTrimChange} />}
        </div>
        <div className={columnClass}>
          <TextArea
            label="Caption"
            name="caption"
            placeholder="Say something about it (optional)"
            rows={3}
            value={caption}
            onChange={(e) => setCaption(e.target.value)}
            invalid={!parsedCaption.success}
            helper={`${captionLength}/${CAPTION_MAX}`}
          />
          <GamePicker value={game} onChange={setGame} />
          {open && <CommunityPicker value={community} onChange={setCommunity} preset={preset} />}
        </div>
      </form>
    </Dialog>
  );
}
