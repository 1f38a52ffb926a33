/**
 * The three-dot 'Post options' menu of a post (spec §2 "Post modal", §6). For the post's author it holds Delete,
 * which asks for confirmation, sends DELETE /media/{id} and then reloads the page (spec §4); for anyone else it
 * holds Report (ADR 025). The server refuses the other way round anyway (404 for a stranger's delete, 400 for
 * reporting your own post).
 */
import { useState } from 'react';
import type { MediaAuthor } from '../../shared/api-types.ts';
import { deletePost } from '../../stores/media/posts.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { MoreMenu } from '../../ui/MoreMenu.tsx';
import { ReportDialog } from '../report/LazyReportDialog.tsx';

type Props = { postId: number; author: MediaAuthor; viewer: string };

export function PostMenu({ postId, author, viewer }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const own = author.username === viewer;

  return (
    <>
      <MoreMenu
        label="Post options"
        items={
          own
            ? [{ value: 'delete', label: 'Delete', icon: 'trash', danger: true }]
            : [{ value: 'report', label: 'Report post', icon: 'flag' }]
        }
        onSelect={(value) => (value === 'delete' ? setConfirming(true) : value === 'report' && setReporting(true))}
      />
      {own ? (
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
      ) : (
        <ReportDialog
          subject={reporting ? { type: 'media', id: postId, name: `post by ${author.username}` } : null}
          onClose={() => setReporting(false)}
        />
      )}
    </>
  );
}
