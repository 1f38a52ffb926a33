/**
 * NOTE: a titled card listing communities from `useCommunityList`: rows, an empty line, the error with 'Try again',
 * and 'Show more' while there is more, then `children` (an action). Renders its loading state on the server and
 * until its first answer.
 */
import { useId, type ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { Alert } from '../../ui/Alert.tsx';
import { cardListClass } from '../../ui/list-styles.ts';
import { ListFooter } from '../../ui/ListFooter.tsx';
import { CommunityRow } from './CommunityRow.tsx';
import type { CommunityListState } from './use-community-list.ts';

const sectionClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' }));
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const mutedClass = css({ color: 'fg.muted' });

type Props = { title: string; empty: string; state: CommunityListState; onMore: () => void; className?: string; children?: ReactNode };

export function CommunityList({ title, empty, state, onMore, className, children }: Props) {
  const headingId = useId();
  return (
    <section className={cx(sectionClass, className)} aria-labelledby={headingId} aria-busy={state.loading}>
      <h2 id={headingId} className={headingClass}>
        {title}
      </h2>
      {state.loaded && state.items.length === 0 && !state.error && <p className={mutedClass}>{empty}</p>}
      {state.items.length > 0 && (
        <ul className={cardListClass} aria-label={title}>
          {state.items.map((c) => (
            <CommunityRow key={c.slug} community={c} />
          ))}
        </ul>
      )}
      {state.error && <Alert>{state.error}</Alert>}
      <ListFooter
        loading={state.loading}
        loadingLabel={`Loading ${title.toLowerCase()}`}
        failed={Boolean(state.error)}
        more={Boolean(state.cursor)}
        onMore={onMore}
      />
      {children}
    </section>
  );
}
