/**
 * A game page's 'Posts': posts tagged with the game, newest first, as the profile's grid (the post modal from
 * 1024 px, else the full-page Posts view with the comments drawer); the next page loads as the end nears.
 */
import { useCallback, useMemo } from 'react';
import { watchGame } from '../../stores/live/watching.ts';
import type { NewPost } from '../media/use-new-posts.ts';
import { gamesMediaPath } from '../../stores/games/games-api.ts';
import { createMediaList } from '../../stores/media/media-lists.ts';
import { PostGrid } from '../media/PostGrid.tsx';

export function GamePosts({ slug, name, viewer }: { slug: string; name: string; viewer: string }) {
  const list = useMemo(() => createMediaList(gamesMediaPath(slug)), [slug]);
  const watch = useCallback(() => watchGame(slug), [slug]);
  const accepts = useCallback((post: NewPost) => post.game === slug, [slug]);
  return (
    <PostGrid
      list={list}
      viewer={viewer}
      heading="Posts"
      empty={`No posts about ${name} yet`}
      gridLabel={`Posts about ${name}`}
      loadingLabel="Loading posts"
      watch={watch}
      accepts={accepts}
    />
  );
}
