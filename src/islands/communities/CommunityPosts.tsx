/**
 * NOTE: a community's 'Posts' for those who see its content: its pins first (marked), then its posts newest first,
 * as the profile's grid (the post modal from 1024 px, else the full-page Posts view); new posts wait behind "New
 * posts"; one's own upload appears on top. Members get 'Share a post', which opens the upload dialog with the
 * community chosen. A pin or unpin made in this tab reloads the grid, so the pins stay first.
 */
import { useCallback, useEffect, useMemo } from 'react';
import type { Community } from '../../shared/community-types.ts';
import { communityPath } from '../../shared/paths.ts';
import { $pinsChanged } from '../../stores/communities/community-pins.ts';
import { watchCommunity } from '../../stores/live/watching.ts';
import { createMediaList } from '../../stores/media/media-lists.ts';
import { openUploadDialog } from '../../stores/media/upload-dialog.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { PostGrid } from '../media/PostGrid.tsx';
import type { NewPost } from '../media/use-new-posts.ts';
import { useRefreshOnUpload } from '../media/use-refresh-on-upload.ts';

type Props = { community: Community; viewer: string; openPost?: number | null };

export function CommunityPosts({ community, viewer, openPost = null }: Props) {
  const { slug, name } = community;
  const list = useMemo(() => createMediaList(`${communityPath(slug)}/media`), [slug]);
  const watch = useCallback(() => watchCommunity(slug), [slug]);
  const accepts = useCallback((post: NewPost) => post.community === slug, [slug]);
  const member = community.my_status === 'member';
  useRefreshOnUpload(list, member);
  useEffect(() => $pinsChanged.listen(() => void list.loadFirst()), [list]);
  return (
    <PostGrid
      list={list}
      viewer={viewer}
      heading="Posts"
      empty={member ? 'No posts yet. Share the first clip!' : 'No posts yet.'}
      gridLabel={`Posts in ${name}`}
      loadingLabel="Loading posts"
      watch={watch}
      accepts={accepts}
      pins
      openPost={openPost}
      action={
        member && (
          <Button size="sm" onClick={() => openUploadDialog({ slug, name })}>
            <Icon name="upload" />
            Share a post
          </Button>
        )
      }
    />
  );
}
