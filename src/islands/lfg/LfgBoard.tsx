/**
 * NOTE: the /lfg island: filters (game, platform, starting now or later) kept in the address, 'Post a group',
 * 'Your groups' (hosted, joined or asked) beside the board on wide screens (stacked on phones, yours first), and
 * the board itself, soonest first. `game` (a slug from ?game=), `platform`, `when` and `community` (a community
 * page's 'See groups', shown as a removable chip) start the filters; `create` opens the
 * new-post dialog at once (a game page's 'Post a group'). Both lists read again when a post of yours changes.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { GameRef } from '../../shared/game-types.ts';
import { GAME_PLATFORM_LABELS } from '../../shared/game-values.ts';
import { LFG_PLATFORMS, type LfgPlatform, type LfgWhen } from '../../shared/lfg-values.ts';
import { fetchCommunity } from '../../stores/communities/communities-api.ts';
import { fetchGame } from '../../stores/games/games-api.ts';
import { findGroups, lfgQuery, myGroups, type LfgFilter } from '../../stores/lfg/lfg-api.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { lazyOnOpen } from '../../ui/lazy-on-open.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { ChosenGame } from '../games/ChosenGame.tsx';
import { GamePicker } from '../games/GamePicker.tsx';
import { LfgList } from './LfgList.tsx';
import { useLfgChanges } from './use-lfg-changes.ts';
import { useLfgList } from './use-lfg-list.ts';

const NewLfgDialog = lazyOnOpen(() => import('./NewLfgDialog.tsx').then((m) => m.NewLfgDialog));

const pageClass = css({ display: 'flex', flexDirection: 'column', gap: { base: '4', md: '6' } });
const barClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '1fr 1fr', lg: 'minmax(14rem, 2fr) 1fr 1fr auto' },
  gap: '3',
  alignItems: 'end',
});
const gridClass = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', lg: '22rem minmax(0, 1fr)' },
  gap: { base: '4', md: '6' },
  alignItems: 'start',
});
const chosenClass = css({ mt: '-2' });
const platformOptions = LFG_PLATFORMS.map((p) => ({ value: p, label: GAME_PLATFORM_LABELS[p] }));
const whenOptions = [
  { value: 'now', label: 'Now or within the hour' },
  { value: 'later', label: 'Later' },
];

type Props = { game?: string | null; platform?: LfgPlatform | null; when?: LfgWhen | null; community?: string | null; create?: boolean };

export default function LfgBoard({
  game: gameSlug = null,
  platform: startPlatform = null,
  when: startWhen = null,
  community: startCommunity = null,
  create = false,
}: Props) {
  const [game, setGame] = useState<GameRef | null>(gameSlug ? { slug: gameSlug, name: gameSlug } : null);
  const [platform, setPlatform] = useState<LfgPlatform | ''>(startPlatform ?? '');
  const [when, setWhen] = useState<LfgWhen | ''>(startWhen ?? '');
  // A community page's 'See groups': its groups only, until the chip is removed.
  const [community, setCommunity] = useState<{ slug: string; name: string } | null>(
    startCommunity ? { slug: startCommunity, name: startCommunity } : null,
  );
  const [creating, setCreating] = useState(create);
  const slug = game?.slug;
  const inCommunity = community?.slug;
  const filter = useMemo<LfgFilter>(
    () => ({ game: slug, platform: platform || undefined, when: when || undefined, community: inCommunity }),
    [slug, platform, when, inCommunity],
  );
  const key = lfgQuery(filter);
  const fetchBoard = useCallback((cursor: string | null) => findGroups(filter, cursor), [filter]);
  const board = useLfgList(key, fetchBoard, 'Failed to load groups');
  const mine = useLfgList('mine', myGroups, 'Failed to load your groups');

  useEffect(() => {
    if (!gameSlug) return;
    fetchGame(gameSlug).then(
      ({ game: found }) => setGame({ slug: found.slug, name: found.name }),
      () => undefined, // the filter still works by slug
    );
  }, [gameSlug]);

  useEffect(() => {
    if (!startCommunity) return;
    fetchCommunity(startCommunity).then(
      ({ community: found }) => setCommunity({ slug: found.slug, name: found.name }),
      () => undefined, // the filter still works by slug
    );
  }, [startCommunity]);

  useEffect(() => {
    const url = new URL(window.location.href);
    url.search = key;
    window.history.replaceState(window.history.state, '', url);
  }, [key]);

  useLfgChanges(() => {
    mine.reload();
    board.reload();
  });

  return (
    <div className={pageClass}>
      <form role="search" aria-label="Find a group" className={barClass} onSubmit={(e) => e.preventDefault()}>
        <GamePicker label="Game" placeholder="Any game" value={game} onChange={setGame} />
        <SelectField
          label="Platform"
          name="platform"
          placeholder="Any platform"
          options={platformOptions}
          value={platform}
          onChange={(e) => setPlatform(e.target.value as LfgPlatform | '')}
        />
        <SelectField
          label="Starting"
          name="when"
          placeholder="Any time"
          options={whenOptions}
          value={when}
          onChange={(e) => setWhen(e.target.value as LfgWhen | '')}
        />
        <Button type="button" onClick={() => setCreating(true)}>
          <Icon name="plus" />
          Post a group
        </Button>
      </form>
      {community && (
        <div className={chosenClass}>
          <ChosenGame
            label="Community"
            name={community.name}
            removeLabel={`Show every community's groups`}
            onRemove={() => setCommunity(null)}
          />
        </div>
      )}
      <div className={gridClass}>
        <LfgList title="Your groups" empty="Groups you host, join or ask to join show here." state={mine.state} onMore={mine.more} />
        <LfgList
          title={game ? `Looking for group: ${game.name}` : community ? `Looking for group: ${community.name}` : 'Looking for group'}
          empty={
            game || platform || when
              ? 'No group matches these filters yet. Post one!'
              : 'Nobody is looking for a group right now. Post one!'
          }
          state={board.state}
          onMore={board.more}
          showGame={!game}
        />
      </div>
      <NewLfgDialog
        open={creating}
        onOpenChange={setCreating}
        game={game && game.name !== game.slug ? game : null}
        community={community?.slug ?? null}
      />
    </div>
  );
}
