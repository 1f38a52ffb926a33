/**
 * The like toggle with its count (spec §2, §4): named 'Like' and pressed when liked, so assistive technology
 * hears "Like, toggle button, pressed". Optimistic through src/stores/media/posts.ts.
 */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { $liking, toggleLike } from '../../stores/media/posts.ts';
import { Icon } from '../../ui/Icon.tsx';
import { iconCountButtonClass } from './styles.ts';
import { usePost } from './use-post.ts';

export function LikeButton({ postId }: { postId: number }) {
  const post = usePost(postId);
  const liking = useStore($liking).has(postId);
  const countId = useId();
  if (!post) return null;
  return (
    <button
      type="button"
      className={iconCountButtonClass}
      aria-pressed={post.liked}
      aria-label="Like"
      aria-describedby={countId}
      aria-busy={liking || undefined}
      onClick={() => void toggleLike(postId)}
    >
      <Icon name={post.liked ? 'heartFilled' : 'heart'} />
      <span id={countId}>{post.likes}</span>
    </button>
  );
}
