/**
 * 'Delete comment?': asks before a comment goes (its author or the post's owner); Delete sends the request and
 * closes on success, a refusal stays open with the message.
 */
import type { CommentItem } from '../../shared/api-types.ts';
import { deleteComment } from '../../stores/media/comments.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';

type Props = { postId: number; comment: CommentItem | null; onClose: () => void };

export function DeleteCommentDialog({ postId, comment, onClose }: Props) {
  return (
    <ConfirmDialog
      open={comment !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete comment?"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={async () => (comment ? deleteComment(postId, comment.id) : null)}
    >
      <p>This removes the comment for everyone. It cannot be undone.</p>
    </ConfirmDialog>
  );
}
