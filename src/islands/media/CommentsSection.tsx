/**
 * A post's comments and the composer, used by the post modal and the comments drawer. Opening it fetches the post
 * and its comments (GET /media/{id}, oldest first; 'Load more comments' pages on); an empty list says so; a failed load offers a retry.
 * Comments you wrote, every comment under your own post, and every comment in a community you moderate carry
 * 'Delete comment' (with a confirm); everyone else's carry 'Report comment' (the Report dialog).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { CommentItem } from '../../shared/api-types.ts';
import { $comments, commentsOf, loadComments, loadMoreComments, openPost } from '../../stores/media/comments.ts';
import { mayDeleteComment } from '../../stores/media/media-reducers.ts';
import { $posts } from '../../stores/media/posts.ts';
import { $session } from '../../stores/accounts/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CommentComposer } from './CommentComposer.tsx';
import { CommentList } from './CommentList.tsx';
import { ReportDialog, type ReportSubject } from '../report/LazyReportDialog.tsx';
import { mutedClass } from './styles.ts';
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';

// Dialogs load on their first open, not with the page.
const DeleteCommentDialog = lazyOnOpen(
  () => import('./DeleteCommentDialog.tsx').then((m) => m.DeleteCommentDialog),
  (props) => props.comment !== null,
);

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const centreClass = css({ display: 'grid', placeItems: 'center', py: '3' });
const errorClass = css({ display: 'flex', alignItems: 'center', gap: '3', color: 'error.text', fontSize: 'sm' });

/** `composer` false leaves the composer to the caller (e.g. pinned under a scrolling list). */
export function CommentsSection({ postId, composer = true }: { postId: number; composer?: boolean }) {
  const state = commentsOf(useStore($comments, { keys: [postId] }), postId);
  const post = useStore($posts, { keys: [postId] })[postId];
  const authorId = post?.user.user_id;
  const myId = useStore($session, { keys: ['user'] }).user?.id;
  const [deleting, setDeleting] = useState<CommentItem | null>(null);
  const [reporting, setReporting] = useState<ReportSubject | null>(null);
  const canReport = (comment: CommentItem) => myId !== undefined && comment.user.user_id !== myId;
  const report = (comment: CommentItem) => setReporting({ type: 'comment', id: comment.id, name: `comment by ${comment.user.username}` });
  const canDelete = (comment: CommentItem) => authorId !== undefined && mayDeleteComment(comment, authorId, myId, post?.can_moderate);

  useEffect(() => {
    void openPost(postId);
  }, [postId]);

  const first = state.loading && state.items.length === 0;
  return (
    <div className={sectionClass}>
      {first ? (
        <div className={centreClass}>
          <Spinner size="sm" label="Loading comments" />
        </div>
      ) : state.items.length === 0 && !state.error ? (
        <p className={mutedClass}>No comments yet</p>
      ) : (
        <CommentList comments={state.items} canDelete={canDelete} onDelete={setDeleting} canReport={canReport} onReport={report} />
      )}
      {state.hasNext && (
        <Button variant="ghost" size="sm" onClick={() => void loadMoreComments(postId)} disabled={state.loading}>
          Load more comments
        </Button>
      )}
      {state.error && (
        <p className={errorClass}>
          {state.error}
          <Button variant="outline" size="sm" onClick={() => void loadComments(postId)}>
            Try again
          </Button>
        </p>
      )}
      {composer && <CommentComposer postId={postId} />}
      <DeleteCommentDialog postId={postId} comment={deleting} onClose={() => setDeleting(null)} />
      <ReportDialog subject={reporting} onClose={() => setReporting(null)} />
    </div>
  );
}
