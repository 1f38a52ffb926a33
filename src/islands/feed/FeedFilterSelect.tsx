/**
 * The feed's filter: 'All posts', 'My games' (posts tagged with any game you play), 'My communities' (posts
 * shared in your communities) or one of your games. A game
 * from the address that is not among yours is offered too, named once its page answers.
 */
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { GameRef } from '../../shared/game-types.ts';
import { fetchGame } from '../../stores/games/games-api.ts';
import { loadMyGames } from '../../stores/games/my-games.ts';
import type { FeedFilter } from '../../stores/media/feed.ts';
import { SelectField } from '../../ui/SelectField.tsx';

const wrapClass = css({ maxW: { base: 'full', sm: '18rem' } });

const valueOf = (filter: FeedFilter) => (filter.kind === 'game' ? `game:${filter.slug}` : filter.kind);
const filterOf = (value: string): FeedFilter =>
  value.startsWith('game:')
    ? { kind: 'game', slug: value.slice(5) }
    : value === 'my-games' || value === 'communities'
      ? { kind: value }
      : { kind: 'all' };

export function FeedFilterSelect({ filter, onChange }: { filter: FeedFilter; onChange: (filter: FeedFilter) => void }) {
  const [games, setGames] = useState<GameRef[]>([]);
  const [extra, setExtra] = useState<GameRef | null>(null);

  useEffect(() => {
    let live = true;
    loadMyGames().then(
      (list) => live && setGames(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const wanted = filter.kind === 'game' ? filter.slug : null;
  const missing = wanted !== null && !games.some((g) => g.slug === wanted);
  useEffect(() => {
    if (!missing || !wanted) return;
    let live = true;
    fetchGame(wanted).then(
      ({ game }) => live && setExtra({ slug: wanted, name: game.name }),
      () => live && setExtra({ slug: wanted, name: wanted }),
    );
    return () => {
      live = false;
    };
  }, [missing, wanted]);

  const shown = missing ? [...games, extra ?? { slug: wanted, name: wanted }] : games;
  const options = [
    { value: 'all', label: 'All posts' },
    { value: 'my-games', label: 'My games' },
    { value: 'communities', label: 'My communities' },
    ...shown.map((g) => ({ value: `game:${g.slug}`, label: g.name })),
  ];
  return (
    <div className={wrapClass}>
      <SelectField
        label="Show"
        accessibleName="Show posts from"
        options={options}
        value={valueOf(filter)}
        onChange={(e) => onChange(filterOf(e.target.value))}
      />
    </div>
  );
}
