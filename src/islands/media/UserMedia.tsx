/**
 * NOTE: the 'User Media' section of both profile pages (spec §2 "Own profile", "Another user's profile").
 * `username` is whose media (GET /media/user/@{username}); `viewer` the signed-in username (owner-only Delete).
 * A thumbnail opens the post modal from 1024 px, else the full-page Posts view with the comments drawer. On one's
 * own profile a finished upload appears at once.
 */
import { useCallback, useMemo } from 'react';
import { watchPerson } from '../../stores/live/watching.ts';
import type { NewPost } from './use-new-posts.ts';
import { createMediaList } from '../../stores/media/media-lists.ts';
import { PostGrid } from './PostGrid.tsx';
import { useRefreshOnUpload } from './use-refresh-on-upload.ts';

/** `userId` (another person's profile) follows their new posts live; one's own arrive with the upload. */
type Props = { username: string; userId?: number; viewer: string; className?: string; openPost?: number | null };
const nothing = () => () => {};

export function UserMedia({ username, userId, viewer, className, openPost }: Props) {
  const list = useMemo(() => createMediaList(`/media/user/@${encodeURIComponent(username)}`), [username]);
  const watch = useCallback(() => (userId === undefined ? nothing() : watchPerson(userId)), [userId]);
  const accepts = useCallback((post: NewPost) => post.user_id === userId, [userId]);
  const own = username === viewer;
  useRefreshOnUpload(list, own);
  return (
    <PostGrid
      list={list}
      viewer={viewer}
      heading="User Media"
      empty={own ? "You haven't shared anything yet" : 'No media yet'}
      loadingLabel="Loading media"
      className={className}
      watch={watch}
      accepts={accepts}
      openPost={openPost}
    />
  );
}
