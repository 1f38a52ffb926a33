/**
 * NOTE: the Media Feed island (spec §2 "Media Feed", §4; ADR 016: every post at every width). The page renders
 * the 'Media Feed' title and preloads the first page (`first`, ADR 044), which this renders at once, on the
 * server too, so the first posts paint before any script runs; without it (the preload failed) it asks for the
 * first page on mount. The next page loads whenever the sentinel after the last card nears the viewport. One's
 * own finished upload appears on top at once. `viewer` is the signed-in username (each post's menu: Delete on
 * one's own, Report on others'); `perPage` the page size; `filter` the view the address asked for
 * (?game={slug} or ?view=my-games). Changing the filter replaces the address to match; `first` belongs to the
 * filter the address asked for, so another filter (or coming back to it) asks the API. Posts others make while
 * the feed is open wait behind "New posts" (use-new-posts.ts), counted for the filter shown.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import type { MediaListResponse } from '../../shared/api-types.ts';
import { css } from '../../../styled-system/css';
import { type FeedFilter, feedFilterQuery, feedList } from '../../stores/media/feed.ts';
import { pagedState } from '../../stores/media/media-lists.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { PostCard } from '../media/PostCard.tsx';
import { useInfiniteScroll } from '../media/use-infinite-scroll.ts';
import { usePostOverlays } from '../media/use-post-overlays.tsx';
import { PostsSeed } from '../media/use-post.ts';
import { useRefreshOnUpload } from '../media/use-refresh-on-upload.ts';
import { loadMyGames } from '../../stores/games/my-games.ts';
import { watchFeed } from '../../stores/live/watching.ts';
import { NewPostsButton } from '../media/NewPostsButton.tsx';
import { useNewPosts, type NewPost } from '../media/use-new-posts.ts';
import { FeedEmpty } from './FeedEmpty.tsx';
import { FeedFilterSelect } from './FeedFilterSelect.tsx';

// The page's reading column sets the width (src/ui/page-styles.ts): the filter, the posts and the empty card share it.
const columnClass = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } });
const listClass = css({ display: 'contents', listStyle: 'none' });
const centreClass = css({ display: 'grid', placeItems: 'center', py: '8' });
const errorClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' });
const endClass = css({ color: 'fg.muted', textAlign: 'center', fontSize: 'sm', py: '4' });

const pageClass = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } });

type Props = { viewer: string; perPage?: number; filter?: FeedFilter; first?: MediaListResponse | null };

export default function Feed(props: Props) {
  const [filter, setFilter] = useState<FeedFilter>(props.filter ?? { kind: 'all' });
  const [first, setFirst] = useState(props.first ?? null);

  function choose(next: FeedFilter) {
    setFirst(null);
    setFilter(next);
    const url = new URL(window.location.href);
    url.searchParams.delete('game');
    url.searchParams.delete('view');
    for (const [key, value] of Object.entries(feedFilterQuery(next))) url.searchParams.set(key, value);
    window.history.replaceState(window.history.state, '', url);
  }

  return (
    <div className={pageClass}>
      <FeedFilterSelect filter={filter} onChange={choose} />
      <FeedPosts key={JSON.stringify(filter)} viewer={props.viewer} perPage={props.perPage} filter={filter} first={first} />
    </div>
  );
}

type PostsProps = { viewer: string; perPage?: number; filter: FeedFilter; first: MediaListResponse | null };

/** Whether a post made now belongs in the feed under `filter` (my-games: the slugs of the viewer's games, once known). */
function useFilterAccepts(filter: FeedFilter): (post: NewPost) => boolean {
  const [mine, setMine] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    if (filter.kind !== 'my-games') return;
    loadMyGames().then(
      (games) => setMine(new Set(games.map((g) => g.slug))),
      (err: unknown) => console.error('Loading your games failed', err),
    );
  }, [filter.kind]);
  return useCallback(
    (post: NewPost) => {
      if (filter.kind === 'all') return true;
      if (filter.kind === 'game') return post.game === filter.slug;
      if (filter.kind === 'communities') return post.community !== null;
      return post.game !== null && (mine?.has(post.game) ?? false);
    },
    [filter, mine],
  );
}

function FeedPosts({ viewer, perPage, filter, first }: PostsProps) {
  const list = feedList(perPage, filter);
  const onServer = typeof window === 'undefined';
  // Seeded once, before anything reads the list: the server never writes stores (one module serves every request).
  const [seeded] = useState(() => {
    if (first && !onServer) list.seed(first);
    return first ? Object.fromEntries(first.media.map((post) => [post.id, post])) : {};
  });
  const stored = useStore(list.$list);
  const state = first && onServer ? pagedState([], first) : stored;
  const { openPost, openComments, overlays } = usePostOverlays(viewer);
  const canLoadMore = state.loaded && state.hasNext && !state.loading && !state.error;
  const sentinel = useInfiniteScroll(() => void list.loadMore(), canLoadMore);
  useRefreshOnUpload(list);
  const fresh = useNewPosts({ list, watch: watchFeed, accepts: useFilterAccepts(filter) });

  useEffect(() => {
    if (!first) void list.loadFirst();
  }, [list, first]);

  const retry = (
    <Button variant="outline" onClick={() => void (state.loaded ? list.loadMore() : list.loadFirst())} disabled={state.loading}>
      Try again
    </Button>
  );

  if (!state.loaded) {
    return state.error ? (
      <div className={errorClass}>
        <Alert>{state.error}</Alert>
        {retry}
      </div>
    ) : (
      <div className={centreClass}>
        <Spinner label="Loading posts" />
      </div>
    );
  }
  const newPosts = <NewPostsButton count={fresh.count} onShow={() => void fresh.show()} />;
  if (state.ids.length === 0)
    return (
      <>
        {newPosts}
        <FeedEmpty filter={filter.kind} />
      </>
    );

  return (
    <div className={columnClass}>
      {newPosts}
      <ul className={listClass} aria-label="Posts">
        <PostsSeed value={seeded}>
          {state.ids.map((id, index) => (
            <li key={id}>
              <PostCard postId={id} viewer={viewer} onOpen={openPost} onComments={openComments} priority={index === 0} />
            </li>
          ))}
        </PostsSeed>
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {state.loading && (
        <div className={centreClass}>
          <Spinner label="Loading more posts" />
        </div>
      )}
      {state.error && (
        <div className={errorClass}>
          <Alert>{state.error}</Alert>
          {retry}
        </div>
      )}
      {!state.hasNext && <p className={endClass}>You're all caught up</p>}
      {overlays}
    </div>
  );
}
