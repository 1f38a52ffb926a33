/**
 * NOTE: a titled card listing communities from `useCommunityList` (ListCard's rows are CommunityRows), then
 * `children` (an action).
 */
import type { ReactNode } from 'react';
import { ListCard } from '../../ui/paged-list/ListCard.tsx';
import { CommunityRow } from './CommunityRow.tsx';
import type { CommunityListState } from './use-community-list.ts';

type Props = { title: string; empty: string; state: CommunityListState; onMore: () => void; className?: string; children?: ReactNode };

export function CommunityList(props: Props) {
  return <ListCard {...props} row={(c) => <CommunityRow key={c.slug} community={c} />} />;
}
