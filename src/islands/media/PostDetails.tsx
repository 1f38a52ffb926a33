/**
 * The body of an opened post, shared by the post modal: the media, the like button with its count, the game (a link), the caption,
 * when it was posted and the comments (the composer is pinned below by the caller).
 */
import { css } from '../../../styled-system/css';
import type { MediaItem } from '../../shared/api-types.ts';
import { CommentsSection } from './CommentsSection.tsx';
import { PostPlace } from './PostPlace.tsx';
import { LikeButton } from './LikeButton.tsx';
import { MediaView } from './MediaView.tsx';
import { Time } from '../../ui/Time.tsx';
import { captionClass, postedClass } from './styles.ts';

const mediaClass = css({ mx: { base: '-5', sm: '-6' }, mt: '-3' });
const actionsClass = css({ display: 'flex', alignItems: 'center', gap: '1', ml: '-2.5' });
const headingClass = css({ srOnly: true });

export function PostDetails({ post }: { post: MediaItem }) {
  return (
    <>
      <div className={mediaClass}>
        <MediaView post={post} variant="modal" />
      </div>
      <div className={actionsClass}>
        <LikeButton postId={post.id} />
      </div>
      <PostPlace post={post} />
      {post.caption && <p className={captionClass}>{post.caption}</p>}
      <Time className={postedClass} iso={post.created_at} format="recency" />
      <section aria-label="Comments">
        <h3 className={headingClass}>Comments</h3>
        <CommentsSection postId={post.id} composer={false} />
      </section>
    </>
  );
}
