/**
 * NOTE: a titled grid of posts from one media list (a profile's 'User Media', a game page's 'Posts'). Rules for
 * callers: pass a list made once per source (`useMemo`); the first page loads on mount and the next as the end
 * nears. A thumbnail opens the post modal from 1024 px, else the full-page Posts view with the comments drawer.
 * `openPost` (an id) opens that post once at mount, as a click on it would (it need not be on the first page); one
 * the API does not show the viewer puts the not-found state above the grid instead.
 * `watch` follows the grid's source live (ADR 045): posts made meanwhile wait behind "New posts" (use-new-posts.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import type { MediaList } from '../../stores/media/media-lists.ts';
import { Alert } from '../../ui/Alert.tsx';
import { NotFoundOnDemand } from '../../ui/not-found-on-demand.tsx';
import { Button } from '../../ui/Button.tsx';
import { LOAD_FAILED, onDemand, useOnDemand } from '../../ui/on-demand.ts';
import { toast } from '../../stores/toasts.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { MediaGrid } from './MediaGrid.tsx';
import { mutedClass } from './styles.ts';
import { useInfiniteScroll } from './use-infinite-scroll.ts';
import { NewPostsButton } from './NewPostsButton.tsx';
import { useNewPosts, type NewPost } from './use-new-posts.ts';
import { usePostOverlays } from './use-post-overlays.tsx';
import { PRODUCT_MEDIA } from '../../ui/theme/breakpoints.ts';
import { $posts } from '../../stores/media/posts.ts';

// The phone's Posts view opens on a tap: its code loads then (a failed load says so and the grid stays).
const postsView = onDemand(() => import('./PostsView.tsx').then((m) => m.PostsView));

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' });
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const headClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' });
const centreClass = css({ display: 'grid', placeItems: 'center', py: '6' });
const errorClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' });

type Props = {
  list: MediaList;
  viewer: string;
  heading: string;
  empty: string;
  /** The grid's accessible name, when the heading alone would not say whose posts these are. */
  gridLabel?: string;
  loadingLabel: string;
  className?: string;
  /** Follows the source while shown (watchPerson, watchGame): a stable function. */
  watch: () => () => void;
  /** Whether a new post belongs here (the socket may still hear another page's room for a moment): stable. */
  accepts: (post: NewPost) => boolean;
  openPost?: number | null;
  /** Marks pinned posts (a community's grid). */
  pins?: boolean;
  /** Beside the heading (a community's 'Share a post'). */
  action?: ReactNode;
};

export function PostGrid({
  list,
  viewer,
  heading,
  empty,
  gridLabel,
  loadingLabel,
  className,
  watch,
  accepts,
  openPost: asked = null,
  pins = false,
  action,
}: Props) {
  const state = useStore(list.$list);
  const fresh = useNewPosts({ list, watch, accepts });
  const top = useRef<HTMLElement>(null);
  const headingId = useId();
  const { desktop, openPost, openComments, overlays } = usePostOverlays(viewer);
  const [viewing, setViewing] = useState<number | null>(null);
  const PostsView = useOnDemand(postsView, viewing !== null, () => setViewing(null));
  const canLoadMore = state.loaded && state.hasNext && !state.loading && !state.error;
  const sentinel = useInfiniteScroll(() => void list.loadMore(), canLoadMore && viewing === null);

  useEffect(() => {
    void list.loadFirst();
  }, [list]);

  const open = (id: number) => (openPost ? openPost(id) : setViewing(id));
  // Opened once; on a desktop only after hydration has read the width (the first render answers "phone").
  const [pending, setPending] = useState(asked);
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (pending === null || (!openPost && window.matchMedia(PRODUCT_MEDIA.desktop).matches)) return;
    setPending(null);
    // The modal and the Posts view show posts from the cache: one not on a loaded page is fetched first.
    if (!$posts.get()[pending]) {
      // The comments store comes with the post's comments (the modal, the Posts view): here only to fetch it.
      void import('../../stores/media/comments.ts').then(
        async ({ openPost: load }) => {
          if (await load(pending)) return;
          setGone(true);
          setViewing((id) => (id === pending ? null : id));
        },
        () => toast.error(LOAD_FAILED),
      );
    }
    if (openPost) openPost(pending);
    else setViewing(pending);
  }, [pending, openPost]);
  // The Posts view lists the grid's posts; one asked for that is not loaded yet goes first.
  const viewIds = viewing === null || state.ids.includes(viewing) ? state.ids : [viewing, ...state.ids];

  return (
    <section ref={top} className={cx(card(), sectionClass, className)} aria-labelledby={headingId}>
      <div className={headClass}>
        <h2 id={headingId} className={headingClass}>
          {heading}
        </h2>
        {action}
      </div>
      {gone && <NotFoundOnDemand kind="post" level={3} />}
      <NewPostsButton count={fresh.count} onShow={() => void fresh.show(top.current)} />
      {state.loaded && state.ids.length === 0 && <p className={mutedClass}>{empty}</p>}
      {state.ids.length > 0 && <MediaGrid ids={state.ids} onOpen={open} label={gridLabel} pins={pins} />}
      <div ref={sentinel} aria-hidden="true" />
      {state.loading && (
        <div className={centreClass}>
          <Spinner size="sm" label={loadingLabel} />
        </div>
      )}
      {state.error && (
        <div className={errorClass}>
          <Alert>{state.error}</Alert>
          <Button variant="outline" size="sm" onClick={() => void list.loadMore()}>
            Try again
          </Button>
        </div>
      )}
      {viewing !== null && !desktop && PostsView && (
        <PostsView
          ids={viewIds}
          chosenId={viewing}
          viewer={viewer}
          canLoadMore={canLoadMore}
          onLoadMore={() => void list.loadMore()}
          onComments={openComments}
          onBack={() => setViewing(null)}
        />
      )}
      {overlays}
    </section>
  );
}
