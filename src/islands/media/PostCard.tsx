/**
 * NOTE: one post as a card, used by the feed and the phone Posts view (spec §2 "Media Feed"): the author (link to
 * their profile) and how long ago they posted, the media, like and comment buttons with counts, the game (a link), the caption, the newest comment and
 * 'View more comments...' when there is more than one. Rules for callers:
 * - `onOpen(id)` is what opening the post does on this screen (the modal on desktop); null leaves the image
 *   inert. `onComments(id)` is what the comment button and 'View more comments...' do (modal or drawer).
 * - `viewer` (the signed-in username) adds the 'Post options' menu: Delete on the viewer's own posts, Report on others'.
 */
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { FEED_COMMENT_PREVIEW } from '../../shared/constants.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Time } from '../../ui/Time.tsx';
import { AuthorLink } from './AuthorLink.tsx';
import { CommentList } from './CommentList.tsx';
import { PostPlace } from './PostPlace.tsx';
import { LikeButton } from './LikeButton.tsx';
import { MediaView } from './MediaView.tsx';
import { PostMenu } from './PostMenu.tsx';
import { bylineClass, captionClass, iconCountButtonClass, postedClass } from './styles.ts';
import { usePost } from './use-post.ts';

const cardClass = cx(card({ padding: 'md' }), css({ display: 'flex', flexDirection: 'column', gap: '3', px: '0', overflow: 'hidden' }));
const rowClass = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', px: { base: '4', sm: '5' } });
const padClass = css({ px: { base: '4', sm: '5' } });
const actionsClass = css({ display: 'flex', alignItems: 'center', gap: '1', px: { base: '2', sm: '3' } });
const openClass = css({
  display: 'block',
  width: 'full',
  cursor: 'zoom-in',
  _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '-3px' },
});
const moreClass = css({
  alignSelf: 'flex-start',
  mx: { base: '4', sm: '5' },
  color: 'fg.muted',
  fontSize: 'sm',
  fontWeight: 'medium',
  cursor: 'pointer',
  borderRadius: 'sm',
  _hover: { color: 'fg.default', textDecoration: 'underline' },
  _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});

type Props = {
  postId: number;
  viewer?: string;
  onOpen: ((id: number) => void) | null;
  onComments: (id: number) => void;
  /** The first card a screen shows: its picture loads at once, not lazily (it is the page's largest paint). */
  priority?: boolean;
};

export function PostCard({ postId, viewer, onOpen, onComments, priority = false }: Props) {
  const post = usePost(postId);
  if (!post) return null;
  const media = <MediaView post={post} variant="card" priority={priority} />;
  const kind = post.media_type === 'video' ? 'video' : 'image';
  return (
    <article className={cardClass} aria-label={`Post by ${post.user.username}`} data-post-id={post.id}>
      <div className={rowClass}>
        <span className={bylineClass}>
          <AuthorLink author={post.user} />
          <Time className={postedClass} iso={post.created_at} format="recency" />
        </span>
        {viewer !== undefined && <PostMenu post={post} viewer={viewer} />}
      </div>
      {onOpen && kind === 'image' ? (
        <button type="button" className={openClass} aria-label={`Open ${kind} post`} onClick={() => onOpen(post.id)}>
          {media}
        </button>
      ) : (
        media
      )}
      <div className={actionsClass}>
        <LikeButton postId={post.id} />
        <button type="button" className={iconCountButtonClass} aria-label="Comments" onClick={() => onComments(post.id)}>
          <Icon name="comment" />
          <span>{post.comment_count}</span>
        </button>
      </div>
      <PostPlace post={post} className={css({ mx: { base: '4', sm: '5' } })} />
      {post.caption && <p className={cx(captionClass, padClass)}>{post.caption}</p>}
      {post.comments.length > 0 && (
        <div className={padClass}>
          <CommentList comments={post.comments.slice(-FEED_COMMENT_PREVIEW)} label="Latest comment" />
        </div>
      )}
      {post.comment_count > FEED_COMMENT_PREVIEW && (
        <button type="button" className={moreClass} onClick={() => onComments(post.id)}>
          View more comments...
        </button>
      )}
    </article>
  );
}
