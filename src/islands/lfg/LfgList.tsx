/**
 * NOTE: a titled card listing posts from `useLfgList` as the board's full cards (ListCard's rows are LfgCards);
 * `showGame` false leaves the game out of each card (a list of one game's posts).
 */
import type { ReactNode } from 'react';
import { ListCard } from '../../ui/paged-list/ListCard.tsx';
import { LfgCard } from './LfgCard.tsx';
import type { LfgListState } from './use-lfg-list.ts';

type Props = { title: string; empty: ReactNode; state: LfgListState; onMore: () => void; showGame?: boolean; action?: ReactNode };

export function LfgList({ showGame = true, ...props }: Props) {
  return <ListCard {...props} row={(p) => <LfgCard key={p.id} post={p} showGame={showGame} />} />;
}
