/**
 * NOTE: the phone and tablet 'Posts' view of a profile's media (spec §2 "Opening a post"): a full-page vertical
 * list of post cards with a 'Back' arrow, scrolled to the chosen post (use-scroll-to-chosen.ts). Comments open
 * in the drawer (`onComments`). Escape and Back call `onBack`. Rendered into <body> above the page
 * (src/islands/media/use-full-page-layer.ts); more posts load as the end of the list nears.
 */
import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { iconButton } from '../../../styled-system/recipes';
import { css } from '../../../styled-system/css';
import { Icon } from '../../ui/Icon.tsx';
import { PostCard } from './PostCard.tsx';
import { useFullPageLayer } from './use-full-page-layer.ts';
import { useInfiniteScroll } from './use-infinite-scroll.ts';
import { useScrollToChosen } from './use-scroll-to-chosen.ts';

const layerClass = css({
  position: 'fixed',
  inset: '0',
  zIndex: 'banner',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  bg: 'bg.canvas',
});
const barClass = css({
  position: 'sticky',
  top: '0',
  zIndex: 'sticky',
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '2',
  py: '2',
  bg: 'bg.surface',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
});
const headingClass = css({ fontSize: 'xl', fontWeight: 'bold' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: 'xl', mx: 'auto', p: '3', listStyle: 'none' });
const itemClass = css({ scrollMarginTop: '16' });

type Props = {
  ids: number[];
  chosenId: number;
  viewer: string;
  canLoadMore: boolean;
  onLoadMore: () => void;
  onComments: (id: number) => void;
  onBack: () => void;
};

export function PostsView({ ids, chosenId, viewer, canLoadMore, onLoadMore, onComments, onBack }: Props) {
  const back = useRef<HTMLButtonElement | null>(null);
  const [layer, setLayer] = useState<HTMLDivElement | null>(null);
  const sentinel = useInfiniteScroll(onLoadMore, canLoadMore, layer);
  useFullPageLayer(true, onBack, back);

  useScrollToChosen(layer, chosenId);

  return createPortal(
    <div ref={setLayer} className={layerClass} role="region" aria-labelledby="posts-view-heading">
      <div className={barClass}>
        <button ref={back} type="button" className={iconButton()} aria-label="Back" onClick={onBack}>
          <Icon name="arrowBack" />
        </button>
        <h2 id="posts-view-heading" className={headingClass}>
          Posts
        </h2>
      </div>
      <ul className={listClass} aria-label="Posts">
        {ids.map((id) => (
          <li key={id} className={itemClass} data-posts-view-item={id}>
            <PostCard postId={id} viewer={viewer} onOpen={null} onComments={onComments} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
    </div>,
    document.body,
  );
}
