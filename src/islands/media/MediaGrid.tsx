/**
 * A profile's 'User Media' grid (spec §2, §9): three columns of square thumbnails (cropped to fill), a play
 * overlay on videos, 'Error loading media' on a thumbnail that fails twice. Each is a button that opens the post.
 */
import { useStore } from '@nanostores/react';
import { css } from '../../../styled-system/css';
import { $posts } from '../../stores/media/posts.ts';
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

export function MediaGrid({ ids, onOpen, label = 'User Media' }: { ids: number[]; onOpen: (id: number) => void; label?: string }) {
  const posts = useStore($posts);
  return (
    <ul className={gridClass} aria-label={label}>
      {ids.map((id) => {
        const post = posts[id];
        if (!post) return null;
        const kind = post.media_type === 'video' ? 'video' : 'image';
        const name = `Open ${kind} post${post.caption ? `: ${post.caption}` : ''}`;
        return (
          <li key={id}>
            <button type="button" className={thumbClass} aria-label={name} onClick={() => onOpen(id)}>
              <MediaView post={post} variant="thumb" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
