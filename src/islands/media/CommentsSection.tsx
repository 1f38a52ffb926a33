/**
 * A post's comments and the composer, used by the post modal and the comments drawer. Opening it fetches the post
 * and its comments (GET /media/{id}, oldest first; 'Load more comments' pages on); an empty list says so; a failed load offers a retry.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { css } from '../../../styled-system/css';
import { $comments, commentsOf, loadComments, loadMoreComments, openPost } from '../../stores/comments.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CommentComposer } from './CommentComposer.tsx';
import { CommentList } from './CommentList.tsx';
import { mutedClass } from './styles.ts';

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const centreClass = css({ display: 'grid', placeItems: 'center', py: '3' });
const errorClass = css({ display: 'flex', alignItems: 'center', gap: '3', color: 'error.text', fontSize: 'sm' });

/** `composer` false leaves the composer to the caller (e.g. pinned under a scrolling list). */
export function CommentsSection({ postId, composer = true }: { postId: number; composer?: boolean }) {
  const state = commentsOf(useStore($comments, { keys: [postId] }), postId);

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
        <CommentList comments={state.items} />
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
    </div>
  );
}
