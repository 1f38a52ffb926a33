/**
 * NOTE: the /communities island: a search box, then 'Your communities' and 'Popular' side by side on wide screens
 * (yours first, stacked on phones); while the box holds text its results take their place. 'Create community'
 * opens the create dialog; the page passes `createFor` (a game slug, from a game page's 'Create community') to
 * open it at once with that game.
 */
import { useCallback, useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import { COMMUNITY_QUERY_MAX } from '../../shared/community-values.ts';
import type { GameRef } from '../../shared/game-types.ts';
import { findCommunities, myCommunities } from '../../stores/communities/communities-api.ts';
import { fetchGame } from '../../stores/games/games-api.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { CommunityList } from './CommunityList.tsx';
import { useCommunityList } from './use-community-list.ts';

const CreateCommunityDialog = lazyOnOpen(() => import('./CreateCommunityDialog.tsx').then((m) => m.CreateCommunityDialog));

const pageClass = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } });
const barClass = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end', justifyContent: 'space-between' });
const boxClass = css({ flex: '1', minW: '14rem', maxW: '2xl' });
const gridClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', lg: '22rem minmax(0, 1fr)' },
  gap: { base: '4', md: '6' },
  alignItems: 'start',
  '&[hidden]': { display: 'none' },
});

export default function CommunitiesIndex({ createFor = null }: { createFor?: string | null }) {
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const [game, setGame] = useState<GameRef | null>(null);
  const q = query.trim();
  const mine = useCommunityList('mine', myCommunities, 'Failed to load your communities');
  const popular = useCommunityList('popular', (cursor) => findCommunities('', cursor), 'Failed to load communities');
  const search = useCommunityList(
    `q:${q}`,
    useCallback((cursor) => (q ? findCommunities(q, cursor) : Promise.resolve({ communities: [], next_cursor: null })), [q]),
    'Search failed',
  );

  useEffect(() => {
    if (!createFor) return;
    fetchGame(createFor).then(
      ({ game: found }) => {
        setGame({ slug: found.slug, name: found.name });
        setCreating(true);
      },
      () => setCreating(true),
    );
  }, [createFor]);

  return (
    <div className={pageClass}>
      <div className={barClass}>
        <form role="search" aria-label="Communities" className={boxClass} onSubmit={(e) => e.preventDefault()}>
          <SearchField
            label="Search communities"
            placeholder="Search communities..."
            maxLength={COMMUNITY_QUERY_MAX}
            onChange={(e) => setQuery(e.target.value)}
          />
        </form>
        <Button onClick={() => setCreating(true)}>
          <Icon name="community" />
          Create community
        </Button>
      </div>
      {q !== '' && <CommunityList title="Results" empty={`No communities match '${q}'.`} state={search.state} onMore={search.more} />}
      <div className={gridClass} hidden={q !== ''}>
        <CommunityList title="Your communities" empty="You have not joined a community yet." state={mine.state} onMore={mine.more} />
        <CommunityList title="Popular" empty="No communities yet. Create the first one!" state={popular.state} onMore={popular.more} />
      </div>
      <CreateCommunityDialog open={creating} onOpenChange={setCreating} game={game} />
    </div>
  );
}
