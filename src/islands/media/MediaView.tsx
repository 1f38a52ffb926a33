/**
 * NOTE: a post's image or video, shared by the feed card, the grid thumbnail, the post modal and the Posts view.
 * - `card`: fits within 500 px of height (spec §9); a video has controls and pauses when scrolled away.
 * - `thumb`: a square, cropped (object-fit cover); a video is its poster's square with a play overlay.
 * - `modal`: fits the dialog; a video has controls and autoplays (muted, as browsers require for autoplay).
 * Until a picture or poster arrives, its placeholder (ADR 051) is painted behind it, in the size it will have. A video
 * still processing (its author's own) shows 'Preparing video' with the share done instead.
 * The signed URL may have expired: on the first load error it asks src/client/media-files.ts once for a fresh
 * one; a second error shows 'Error loading media' (spec §8).
 * - `priority`: only for the first card a screen shows (its largest paint); every other picture loads lazily.
 */
import { useEffect, useRef, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { freshMediaUrl } from '../../client/media-files.ts';
import type { MediaItem } from '../../shared/api-types.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { usePlaceholder } from './use-placeholder.ts';
import { usePauseOffscreen } from './use-pause-offscreen.ts';

export type MediaVariant = 'card' | 'thumb' | 'modal';
type Props = {
  post: Pick<
    MediaItem,
    'id' | 'media_type' | 'url' | 'thumbnail_url' | 'caption' | 'width' | 'height' | 'poster_url' | 'placeholder' | 'status' | 'progress'
  >;
  variant: MediaVariant;
  /** Load the picture at once and first (the screen's largest paint), not lazily. */
  priority?: boolean;
};
type Source = { src: string; refreshed: boolean; failed: boolean };

const frameClass = {
  card: css({ display: 'grid', placeItems: 'center', bg: 'black', minH: '40' }),
  thumb: css({ position: 'relative', display: 'block', aspectRatio: '1', overflow: 'hidden', bg: 'bg.subtle' }),
  modal: css({ display: 'grid', placeItems: 'center', bg: 'black', minH: '40' }),
};
const mediaClass = {
  card: css({ display: 'block', width: 'auto', height: 'auto', maxW: 'full', maxH: '500px', objectFit: 'contain' }),
  thumb: css({ display: 'block', width: 'full', height: 'full', objectFit: 'cover' }),
  modal: css({ display: 'block', width: 'auto', height: 'auto', maxW: 'full', maxH: '50dvh', objectFit: 'contain' }),
};
const playClass = css({
  position: 'absolute',
  inset: '0',
  display: 'grid',
  placeItems: 'center',
  color: 'white',
  pointerEvents: 'none',
  '& svg': { width: '10', height: '10', p: '2', borderRadius: 'full', bg: 'rgba(0, 0, 0, 0.55)' },
});
const preparingClass = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  width: 'full',
  height: 'full',
  minH: '32',
  p: '3',
  bg: 'bg.subtle',
  color: 'fg.muted',
  fontSize: 'sm',
  textAlign: 'center',
});
const errorClass = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1',
  width: 'full',
  height: 'full',
  minH: '24',
  p: '2',
  bg: 'bg.subtle',
  color: 'fg.muted',
  fontSize: 'sm',
  textAlign: 'center',
  '& svg': { width: '6', height: '6' },
});

export function MediaView({ post, variant, priority = false }: Props) {
  const initial = variant === 'thumb' ? post.thumbnail_url : post.url;
  const [source, setSource] = useState<Source>({ src: initial, refreshed: false, failed: false });
  const video = useRef<HTMLVideoElement | null>(null);
  const picture = useRef<HTMLImageElement | null>(null);
  usePauseOffscreen(video, variant === 'card');

  useEffect(() => setSource({ src: initial, refreshed: false, failed: false }), [initial]);

  function onError() {
    if (source.refreshed) return setSource({ ...source, failed: true });
    setSource({ ...source, refreshed: true });
    // A video's grid tile is its poster's picture: a fresh one comes with the post, not with /view (the video).
    freshMediaUrl(post.id, variant === 'thumb' && post.poster_url ? 'thumbnail' : 'file').then(
      (src) => setSource({ src, refreshed: true, failed: false }),
      (err: unknown) => {
        console.error('Media view fetch failed', err); // spec §8: logged
        setSource((s) => ({ ...s, failed: true }));
      },
    );
  }

  const placeholder = usePlaceholder(post.placeholder, post.media_type === 'video' && variant !== 'thumb' ? video : picture);
  const behind = placeholder
    ? { backgroundImage: `url(${placeholder})`, backgroundSize: 'cover', backgroundPosition: 'center' }
    : undefined;
  const isVideo = post.media_type === 'video';
  // Known sizes reserve the space before the file arrives, so the page does not jump (nor a scroll-to-post miss).
  const size = variant !== 'thumb' && post.width && post.height ? { width: post.width, height: post.height } : {};
  let content;
  if (post.status === 'processing') {
    content = (
      <span className={preparingClass} role="status">
        <Spinner size="sm" decorative />
        <span>{post.progress ? `Preparing video… ${post.progress}%` : 'Preparing video…'}</span>
      </span>
    );
  } else if (source.failed) {
    content = (
      <span className={errorClass}>
        <Icon name="image" />
        Error loading media
      </span>
    );
  } else if (!isVideo) {
    const alt = post.caption ? post.caption : 'Image post';
    content = (
      <img
        ref={picture}
        className={mediaClass[variant]}
        src={source.src}
        alt={alt}
        {...size}
        style={behind}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        onError={onError}
      />
    );
  } else if (variant === 'thumb') {
    content = (
      <>
        {post.poster_url ? (
          <img
            ref={picture}
            className={mediaClass.thumb}
            src={source.src}
            alt=""
            style={behind}
            loading="lazy"
            decoding="async"
            onError={onError}
          />
        ) : (
          // A video from before posters (ADR 051): the #t fragment (never sent) makes mobile browsers paint a frame.
          <video
            className={mediaClass.thumb}
            src={`${source.src}#t=0.1`}
            muted
            playsInline
            preload="metadata"
            tabIndex={-1}
            onError={onError}
          />
        )}
        <span className={playClass} data-play-overlay>
          <Icon name="play" />
        </span>
      </>
    );
  } else {
    const modal = variant === 'modal';
    content = (
      <video
        ref={video}
        className={mediaClass[variant]}
        src={source.src}
        poster={post.poster_url ?? undefined}
        {...size}
        style={behind}
        controls
        playsInline
        preload="metadata"
        autoPlay={modal}
        muted={modal}
        aria-label={post.caption ? `Video: ${post.caption}` : 'Video post'}
        onError={onError}
      />
    );
  }
  return <span className={cx(frameClass[variant])}>{content}</span>;
}
