/**
 * NOTE: what opening a post or its comments does at the current width (spec §2 "Breakpoints"): from 1024 px both
 * open the post modal; below it the comments open the drawer and the media opens nothing (`openPost` is null).
 * Render the returned `overlays` once in the island.
 */
import { useState } from 'react';
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';

// Loaded on first open: neither is in the page's initial JS.
const PostModal = lazyOnOpen(
  () => import('./PostModal.tsx').then((m) => m.PostModal),
  (props) => props.postId !== null,
);
const CommentsDrawer = lazyOnOpen(
  () => import('./CommentsDrawer.tsx').then((m) => m.CommentsDrawer),
  (props) => props.postId !== null,
);
import { useDesktop } from './use-desktop.ts';

export function usePostOverlays(viewer: string) {
  const desktop = useDesktop();
  const [modalId, setModalId] = useState<number | null>(null);
  const [drawerId, setDrawerId] = useState<number | null>(null);
  return {
    desktop,
    openPost: desktop ? setModalId : null,
    openComments: desktop ? setModalId : setDrawerId,
    overlays: (
      <>
        <PostModal postId={desktop ? modalId : null} viewer={viewer} onClose={() => setModalId(null)} />
        <CommentsDrawer postId={desktop ? null : drawerId} onClose={() => setDrawerId(null)} />
      </>
    ),
  };
}
