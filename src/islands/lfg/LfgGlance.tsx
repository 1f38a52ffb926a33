/**
 * NOTE: a page's glance at its groups (a game's, a community's): a titled card with one line per group (its title,
 * when it starts, the spots left), then `children` (actions). Lighter than the board's cards on purpose: it ships
 * with pages whose own JS is near its budget; the full card (tags, host, platform) is the board's.
 */
import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import type { LfgPost } from '../../shared/lfg-types.ts';
import { lfgPath } from '../../shared/paths.ts';
import { linkRowClass, rowBodyClass, rowLinkClass, rowMetaClass } from '../../ui/list-styles.ts';
import { ListCard } from '../../ui/paged-list/ListCard.tsx';
import { Time } from '../../ui/Time.tsx';
import { spotsText } from './lfg-text.ts';
import type { LfgListState } from './use-lfg-list.ts';

const whenClass = css({ fontWeight: 'semibold', color: 'primary.text' });

type Props = { title: string; empty: string; state: LfgListState; onMore: () => void; action?: ReactNode; children?: ReactNode };

const line = (post: LfgPost) => (
  <li key={post.id} className={linkRowClass}>
    <span className={rowBodyClass}>
      <a className={rowLinkClass} href={lfgPath(post.id)}>
        {post.title}
      </a>
      <span className={rowMetaClass}>
        <Time className={whenClass} iso={post.starts_at} format="upcoming" />
        <span>{spotsText(post)}</span>
      </span>
    </span>
  </li>
);

export function LfgGlance(props: Props) {
  return <ListCard {...props} row={line} />;
}
