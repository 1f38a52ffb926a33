/**
 * NOTE: the 'User Media' section of both profile pages (spec §2 "Own profile", "Another user's profile").
 * `username` is whose media (GET /media/user/@{username}); `viewer` the signed-in username (owner-only Delete).
 * A thumbnail opens the post modal from 1024 px, else the full-page Posts view with the comments drawer. On one's
 * own profile a finished upload appears at once.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { createMediaList } from '../../stores/media-lists.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { MediaGrid } from './MediaGrid.tsx';
import { PostsView } from './PostsView.tsx';
import { mutedClass } from './styles.ts';
import { useInfiniteScroll } from './use-infinite-scroll.ts';
import { usePostOverlays } from './use-post-overlays.tsx';
import { useRefreshOnUpload } from './use-refresh-on-upload.ts';

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' });
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const centreClass = css({ display: 'grid', placeItems: 'center', py: '6' });
const errorClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '3' });

export function UserMedia({ username, viewer, className }: { username: string; viewer: string; className?: string }) {
  const list = useMemo(() => createMediaList(`/media/user/@${encodeURIComponent(username)}`), [username]);
  const state = useStore(list.$list);
  const { desktop, openPost, openComments, overlays } = usePostOverlays(viewer);
  const [viewing, setViewing] = useState<number | null>(null);
  const canLoadMore = state.loaded && state.hasNext && !state.loading && !state.error;
  const sentinel = useInfiniteScroll(() => void list.loadMore(), canLoadMore && viewing === null);

  const own = username === viewer;
  useRefreshOnUpload(list, own);

  useEffect(() => {
    void list.loadFirst();
  }, [list]);

  const open = (id: number) => (openPost ? openPost(id) : setViewing(id));

  return (
    <section className={cx(card(), sectionClass, className)} aria-labelledby="user-media-heading">
      <h2 id="user-media-heading" className={headingClass}>
        User Media
      </h2>
      {state.loaded && state.ids.length === 0 && <p className={mutedClass}>{own ? "You haven't shared anything yet" : 'No media yet'}</p>}
      {state.ids.length > 0 && <MediaGrid ids={state.ids} onOpen={open} />}
      <div ref={sentinel} aria-hidden="true" />
      {state.loading && (
        <div className={centreClass}>
          <Spinner size="sm" label="Loading media" />
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
