/**
 * NOTE: the looking-for-group section of a game page: the game's live groups, soonest first, 'Post a group'
 * (the board's new-post dialog, with this game chosen) and the whole board for the game.
 */
import { useCallback } from 'react';
import { css } from '../../../styled-system/css';
import { button } from '../../../styled-system/recipes';
import { LFG_BOARD } from '../../shared/paths.ts';
import { findGroups, lfgQuery } from '../../stores/lfg/lfg-api.ts';
import { Icon } from '../../ui/Icon.tsx';
import { LfgGlance } from './LfgGlance.tsx';
import { useLfgList } from './use-lfg-list.ts';

const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

export function GameLfg({ slug, name }: { slug: string; name: string }) {
  const list = useLfgList(
    `game:${slug}`,
    useCallback((cursor: string | null) => findGroups({ game: slug }, cursor), [slug]),
    'Failed to load groups',
  );
  return (
    <LfgGlance title="Looking for group" empty={`Nobody is looking for a ${name} group right now.`} state={list.state} onMore={list.more}>
      <div className={actionsClass}>
        <a className={button({ size: 'sm' })} href={`${LFG_BOARD}${lfgQuery({ game: slug })}&new=1`}>
          <Icon name="plus" />
          Post a group
        </a>
        <a className={button({ variant: 'outline', size: 'sm' })} href={`${LFG_BOARD}${lfgQuery({ game: slug })}`}>
          See all on the board
        </a>
      </div>
    </LfgGlance>
  );
}
