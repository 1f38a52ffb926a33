/**
 * The comments panel of phones and tablets (spec §2 "On smaller screens the comment button opens a comments
 * panel", "A comments drawer slides in"): the caption, the comments and 'Add a comment...' pinned at the bottom.
 * `postId` null keeps it closed.
 */
import { useStore } from '@nanostores/react';
import { css } from '../../../styled-system/css';
import { $posts } from '../../stores/media/posts.ts';
import { Drawer } from '../../ui/Drawer.tsx';
import { CommentComposer } from './CommentComposer.tsx';
import { CommentsSection } from './CommentsSection.tsx';
import { captionClass } from './styles.ts';

const captionBlockClass = css({ pb: '3', mb: '3', borderBottomWidth: '1px', borderColor: 'border.default' });

export function CommentsDrawer({ postId, onClose }: { postId: number | null; onClose: () => void }) {
  const post = useStore($posts)[postId ?? -1];
  return (
    <Drawer
      open={postId !== null && post !== undefined}
      onOpenChange={(open) => !open && onClose()}
      title="Comments"
      footer={post && <CommentComposer postId={post.id} />}
    >
      {post?.caption && <p className={`${captionClass} ${captionBlockClass}`}>{post.caption}</p>}
      {post && <CommentsSection postId={post.id} composer={false} />}
    </Drawer>
  );
}
