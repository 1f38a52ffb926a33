/**
 * NOTE: the looking-for-group section of a community page, for its members: the groups posted for the community
 * (only members see them), soonest first, and 'Post a group' with the community chosen.
 */
import { useCallback, useState } from 'react';
import { findGroups } from '../../stores/lfg/lfg-api.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';
import { LfgList } from './LfgList.tsx';
import { useLfgList } from './use-lfg-list.ts';

const NewLfgDialog = lazyOnOpen(() => import('./NewLfgDialog.tsx').then((m) => m.NewLfgDialog));

export function CommunityLfg({ slug }: { slug: string }) {
  const [creating, setCreating] = useState(false);
  const list = useLfgList(
    `community:${slug}`,
    useCallback((cursor: string | null) => findGroups({ community: slug }, cursor), [slug]),
    'Failed to load groups',
  );
  return (
    <LfgList
      title="Looking for group"
      empty="No group from this community right now."
      state={list.state}
      onMore={list.more}
      action={
        <Button size="sm" variant="outline" onClick={() => setCreating(true)}>
          <Icon name="plus" />
          Post a group
        </Button>
      }
    >
      <NewLfgDialog open={creating} onOpenChange={setCreating} community={slug} />
    </LfgList>
  );
}
