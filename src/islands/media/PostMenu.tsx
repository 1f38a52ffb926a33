/**
 * The owner-only three-dot menu of a post (spec §2 "Post modal", §6): 'Post options' opens a menu with Delete,
 * which asks for confirmation, sends DELETE /media/{id} and then reloads the page (spec §4). Render it only for
 * the post's author; the server refuses anyone else anyway (404).
 */
import { useState } from 'react';
import { deletePost } from '../../stores/posts.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { MoreMenu } from '../../ui/MoreMenu.tsx';

export function PostMenu({ postId }: { postId: number }) {
  const [confirming, setConfirming] = useState(false);

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
        failure={'Failed to delete post'}
        onConfirm={async () => {
          await deletePost(postId);
          window.location.reload();
          return null;
        }}
      >
        <p>This removes the post, its likes and its comments for everyone. It cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
