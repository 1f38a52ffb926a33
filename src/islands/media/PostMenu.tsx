/**
 * The three-dot 'Post options' menu of a post (spec §2 "Post modal", §6). For the post's author it holds Delete,
 * which asks for confirmation, sends DELETE /media/{id} and then reloads the page (spec §4); for anyone else it
 * holds Report (ADR 025). A moderator of the post's community also gets Pin or Unpin, and 'Remove post' on other
 * people's posts there (ADR 049; recorded in the community's mod log). The server refuses anything else anyway
 * (404 for a stranger's delete, 400 for reporting your own post, 403 for a pin by a non-moderator).
 */
import { useState } from 'react';
import type { MediaItem } from '../../shared/api-types.ts';
import { deletePost } from '../../stores/media/posts.ts';
import { toast } from '../../stores/toasts.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { LOAD_FAILED } from '../../ui/on-demand.ts';
import { MoreMenu, type MoreMenuItem } from '../../ui/MoreMenu.tsx';
import { ReportDialog } from '../report/LazyReportDialog.tsx';

type Props = { post: Pick<MediaItem, 'id' | 'user' | 'community' | 'pinned' | 'can_moderate'>; viewer: string };

// Pinning (and its messages) loads with the first pin: most people never moderate a community.
const pin = (slug: string, postId: number, pinned: boolean) =>
  import('../../stores/communities/community-pins.ts').then(
    (m) => m.pinWithToast(slug, postId, pinned),
    () => toast.error(LOAD_FAILED),
  );

export function PostMenu({ post, viewer }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const own = post.user.username === viewer;
  const community = post.can_moderate ? post.community : null;
  const items: MoreMenuItem[] = [
    ...(community ? [{ value: 'pin', label: post.pinned ? 'Unpin' : 'Pin to community', icon: 'pin' as const }] : []),
    ...(own || community ? [{ value: 'delete', label: own ? 'Delete' : 'Remove post', icon: 'trash' as const, danger: true }] : []),
    ...(own ? [] : [{ value: 'report', label: 'Report post', icon: 'flag' as const }]),
  ];
  function choose(value: string) {
    if (value === 'delete') setConfirming(true);
    else if (value === 'report') setReporting(true);
    else if (value === 'pin' && community) void pin(community.slug, post.id, !post.pinned);
  }

  return (
    <>
      <MoreMenu label="Post options" items={items} onSelect={choose} />
      {(own || community) && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={own ? 'Delete post?' : 'Remove post?'}
          confirmLabel={own ? 'Delete' : 'Remove'}
          busyLabel={own ? 'Deleting...' : 'Removing...'}
          failure={own ? 'Failed to delete post' : 'Failed to remove post'}
          onConfirm={async () => {
            await deletePost(post.id);
            window.location.reload();
            return null;
          }}
        >
          <p>This removes the post, its likes and its comments for everyone. It cannot be undone.</p>
        </ConfirmDialog>
      )}
      {!own && (
        <ReportDialog
          subject={reporting ? { type: 'media', id: post.id, name: `post by ${post.user.username}` } : null}
          onClose={() => setReporting(false)}
        />
      )}
    </>
  );
}
