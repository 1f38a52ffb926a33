/**
 * NOTE: the post modal of desktop and large desktop (spec §2 "Post modal"): a header with the author's picture and
 * username, the 'Post options' menu (Delete for the owner, Report for others) and 'Close'; the media (a video autoplays with controls), the like
 * button with count, the caption, the comments and 'Add a comment...' pinned at the bottom. `postId` null keeps it
 * closed. Focus is trapped; Escape closes it (src/ui/Dialog.tsx).
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { css } from '../../../styled-system/css';
import { $posts } from '../../stores/media/posts.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { AuthorLink } from './AuthorLink.tsx';
import { CommentComposer } from './CommentComposer.tsx';
import { PostDetails } from './PostDetails.tsx';
import { PostMenu } from './PostMenu.tsx';

const srOnly = css({ srOnly: true });
const composerClass = css({ flex: '1' });
const titleClass = css({ fontSize: 'md' });

type Props = { postId: number | null; viewer: string; onClose: () => void };

export function PostModal({ postId, viewer, onClose }: Props) {
  const post = useStore($posts)[postId ?? -1];
  const open = postId !== null && post !== undefined;

  // The modal's video plays on its own: a card video playing behind it would talk over it.
  useEffect(() => {
    if (!open) return;
    for (const video of document.querySelectorAll('video')) if (!video.closest('[role=dialog]') && !video.paused) video.pause();
  }, [open]);
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      size="lg"
      title={
        post && (
          <span className={titleClass}>
            <span className={srOnly}>Post by </span>
            <AuthorLink author={post.user} />
          </span>
        )
      }
      headerActions={post ? <PostMenu post={post} viewer={viewer} /> : null}
      footer={
        post && (
          <div className={composerClass}>
            <CommentComposer postId={post.id} />
          </div>
        )
      }
    >
      {post && <PostDetails post={post} />}
    </Dialog>
  );
}
