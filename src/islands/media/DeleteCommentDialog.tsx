/**
 * 'Delete comment?': asks before a comment goes (its author or the post's owner); Delete sends the request and
 * closes on success, a refusal stays open with the message.
 */
import { useState } from 'react';
import type { CommentItem } from '../../shared/api-types.ts';
import { deleteComment } from '../../stores/comments.ts';
import { Alert } from '../../ui/Alert.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';

type Props = { postId: number; comment: CommentItem | null; onClose: () => void };

export function DeleteCommentDialog({ postId, comment, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!comment) return;
    setBusy(true);
    setError(null);
    const problem = await deleteComment(postId, comment.id);
    setBusy(false);
    if (problem) setError(problem);
    else onClose();
  }

  return (
    <ConfirmDialog
      open={comment !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
      title="Delete comment?"
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={busy}
      onConfirm={() => void confirm()}
    >
      <p>This removes the comment for everyone. It cannot be undone.</p>
      {error && <Alert>{error}</Alert>}
    </ConfirmDialog>
  );
}
