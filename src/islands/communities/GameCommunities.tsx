/**
 * NOTE: a game page's 'Communities': the public and request communities about the game, most members first, and
 * 'Create community', which opens the create dialog on /communities with this game chosen.
 */
import { useCallback } from 'react';
import { css } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import { gameCommunities } from '../../stores/communities/communities-api.ts';
import { Icon } from '../../ui/Icon.tsx';
import { CommunityList } from './CommunityList.tsx';
import { useCommunityList } from './use-community-list.ts';

const actionClass = css({ alignSelf: 'flex-start' });

export function GameCommunities({ slug, name }: { slug: string; name: string }) {
  const list = useCommunityList(
    `game:${slug}`,
    useCallback((cursor) => gameCommunities(slug, cursor), [slug]),
    'Failed to load communities',
  );
  return (
    <CommunityList title="Communities" empty={`No community for ${name} yet.`} state={list.state} onMore={list.more}>
      <a
        className={`${button({ variant: 'outline', size: 'sm' })} ${actionClass}`}
        href={`/communities?create=${encodeURIComponent(slug)}`}
      >
        <Icon name="community" />
        Create community
      </a>
    </CommunityList>
  );
}
