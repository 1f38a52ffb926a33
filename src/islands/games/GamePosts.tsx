/**
 * A game page's 'Posts': posts tagged with the game, newest first, as the profile's grid (the post modal from
 * 1024 px, else the full-page Posts view with the comments drawer); the next page loads as the end nears.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { gamesMediaPath } from '../../stores/games/games-api.ts';
import { createMediaList } from '../../stores/media-lists.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { MediaGrid } from '../media/MediaGrid.tsx';
import { PostsView } from '../media/PostsView.tsx';
import { mutedClass } from '../media/styles.ts';
import { useInfiniteScroll } from '../media/use-infinite-scroll.ts';
import { usePostOverlays } from '../media/use-post-overlays.tsx';

const sectionClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' }));
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const centreClass = css({ display: 'grid', placeItems: 'center', py: '6' });
const errorClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' });

export function GamePosts({ slug, name, viewer }: { slug: string; name: string; viewer: string }) {
  const list = useMemo(() => createMediaList(gamesMediaPath(slug)), [slug]);
  const state = useStore(list.$list);
  const { desktop, openPost, openComments, overlays } = usePostOverlays(viewer);
  const [viewing, setViewing] = useState<number | null>(null);
  const canLoadMore = state.loaded && state.hasNext && !state.loading && !state.error;
  const sentinel = useInfiniteScroll(() => void list.loadMore(), canLoadMore && viewing === null);

  useEffect(() => {
    void list.loadFirst();
  }, [list]);

  const open = (id: number) => (openPost ? openPost(id) : setViewing(id));

  return (
    <section className={sectionClass} aria-labelledby="game-posts-heading">
      <h2 id="game-posts-heading" className={headingClass}>
        Posts
      </h2>
      {state.loaded && state.ids.length === 0 && <p className={mutedClass}>No posts about {name} yet</p>}
      {state.ids.length > 0 && <MediaGrid ids={state.ids} onOpen={open} label={`Posts about ${name}`} />}
      <div ref={sentinel} aria-hidden="true" />
      {state.loading && (
        <div className={centreClass}>
          <Spinner size="sm" label="Loading posts" />
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
      {viewing !== null && !desktop && (
        <PostsView
          ids={state.ids}
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
