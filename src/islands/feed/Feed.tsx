/**
 * NOTE: the Media Feed island (spec §2 "Media Feed", §4; ADR 016: every post at every width). The page renders
 * the 'Media Feed' title; this loads the first page on mount and the next one whenever the sentinel after the
 * last card nears the viewport. One's own finished upload appears on top at once. `viewer` is the signed-in
 * username (each post's menu: Delete on one's own, Report on others'); `perPage` the page size.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { css } from '../../../styled-system/css';
import { feedList } from '../../stores/feed.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { PostCard } from '../media/PostCard.tsx';
import { useInfiniteScroll } from '../media/use-infinite-scroll.ts';
import { usePostOverlays } from '../media/use-post-overlays.tsx';
import { useRefreshOnUpload } from '../media/use-refresh-on-upload.ts';
import { FeedEmpty } from './FeedEmpty.tsx';

const columnClass = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' }, maxW: 'xl', mx: 'auto', width: 'full' });
const listClass = css({ display: 'contents', listStyle: 'none' });
const centreClass = css({ display: 'grid', placeItems: 'center', py: '8' });
const errorClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' });
const endClass = css({ color: 'fg.muted', textAlign: 'center', fontSize: 'sm', py: '4' });

export default function Feed({ viewer, perPage }: { viewer: string; perPage?: number }) {
  const list = feedList(perPage);
  const state = useStore(list.$list);
  const { openPost, openComments, overlays } = usePostOverlays(viewer);
  const canLoadMore = state.loaded && state.hasNext && !state.loading && !state.error;
  const sentinel = useInfiniteScroll(() => void list.loadMore(), canLoadMore);
  useRefreshOnUpload(list);

  useEffect(() => {
    void list.loadFirst();
  }, [list]);

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
  if (state.ids.length === 0) return <FeedEmpty />;

  return (
    <div className={columnClass}>
      <ul className={listClass} aria-label="Posts">
        {state.ids.map((id) => (
          <li key={id}>
            <PostCard postId={id} viewer={viewer} onOpen={openPost} onComments={openComments} />
          </li>
        ))}
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
