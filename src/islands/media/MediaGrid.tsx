/**
 * A profile's 'User Media' grid (spec §2, §9): three columns of square thumbnails (cropped to fill), a play
 * overlay on videos, 'Error loading media' on a thumbnail that fails twice. Each is a button that opens the post.
 * `pins` marks pinned posts with a pin (a community's grid, where pins come first).
 */
import { useStore } from '@nanostores/react';
import { css } from '../../../styled-system/css';
import { $posts } from '../../stores/media/posts.ts';
import { Icon } from '../../ui/Icon.tsx';
import { MediaView } from './MediaView.tsx';

const gridClass = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: { base: '1', sm: '2' },
  listStyle: 'none',
});
const thumbClass = css({
  display: 'block',
  width: 'full',
  borderRadius: 'md',
  overflow: 'hidden',
  cursor: 'pointer',
  transition: 'opacity 150ms',
  _hover: { opacity: 0.88 },
  _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});

const itemClass = css({ position: 'relative' });
const pinClass = css({
  position: 'absolute',
  top: '1.5',
  left: '1.5',
  display: 'grid',
  placeItems: 'center',
  w: '7',
  h: '7',
  borderRadius: 'full',
  bg: 'primary.solid',
  color: 'white',
  pointerEvents: 'none',
  '& svg': { w: '4', h: '4' },
});

type Props = { ids: number[]; onOpen: (id: number) => void; label?: string; pins?: boolean };

export function MediaGrid({ ids, onOpen, label = 'User Media', pins = false }: Props) {
  const posts = useStore($posts);
  return (
    <ul className={gridClass} aria-label={label}>
      {ids.map((id) => {
        const post = posts[id];
        if (!post) return null;
        const kind = post.media_type === 'video' ? 'video' : 'image';
        const pinned = pins && post.pinned;
        const name = `${pinned ? 'Pinned. ' : ''}Open ${kind} post${post.caption ? `: ${post.caption}` : ''}`;
        return (
          <li key={id} className={itemClass}>
            <button type="button" className={thumbClass} aria-label={name} onClick={() => onOpen(id)}>
              <MediaView post={post} variant="thumb" />
            </button>
            {pinned && (
              <span className={pinClass} aria-hidden="true">
                <Icon name="pin" />
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
