/**
 * The owner-only three-dot menu of a post (spec §2 "Post modal", §6): 'Post options' opens a menu with Delete,
 * which asks for confirmation, sends DELETE /media/{id} and then reloads the page (spec §4). Render it only for
 * the post's author; the server refuses anyone else anyway (404).
 */
import { useState } from 'react';
import { deletePost } from '../../stores/posts.ts';
import { Alert } from '../../ui/Alert.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { MoreMenu } from '../../ui/MoreMenu.tsx';
import { useFormDialog } from '../../ui/use-form-dialog.ts';

export function PostMenu({ postId }: { postId: number }) {
  const [confirming, setConfirming] = useState(false);
  const { error, busy, submit } = useFormDialog({
    open: confirming,
    onOpenChange: setConfirming,
    failure: 'Failed to delete post',
    save: async () => {
      await deletePost(postId);
      window.location.reload();
      return null;
    },
  });

  return (
    <>
      <MoreMenu
        label="Post options"
        items={[{ value: 'delete', label: 'Delete', icon: 'trash', danger: true }]}
        onSelect={(value) => value === 'delete' && setConfirming(true)}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete post?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={() => void submit()}
      >
        <p>This removes the post, its likes and its comments for everyone. It cannot be undone.</p>
        {error && <Alert>{error}</Alert>}
      </ConfirmDialog>
    </>
  );
}
