/**
 * NOTE: a titled card listing posts from `useLfgList`: rows, an empty line, the error, 'Show more' while there is
 * more, then `children` (an action). Renders its loading state on the server and until its first answer.
 */
import { useId, type ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { Alert } from '../../ui/Alert.tsx';
import { cardListClass } from '../../ui/list-styles.ts';
import { ListFooter } from '../../ui/ListFooter.tsx';
import { LfgCard } from './LfgCard.tsx';
import type { LfgListState } from './use-lfg-list.ts';

const sectionClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' }));
const headRowClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' });
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const mutedClass = css({ color: 'fg.muted' });

type Props = {
  title: string;
  empty: ReactNode;
  state: LfgListState;
  onMore: () => void;
  showGame?: boolean;
  action?: ReactNode;
  children?: ReactNode;
};

export function LfgList({ title, empty, state, onMore, showGame = true, action, children }: Props) {
  const headingId = useId();
  return (
    <section className={sectionClass} aria-labelledby={headingId} aria-busy={state.loading}>
      <div className={headRowClass}>
        <h2 id={headingId} className={headingClass}>
          {title}
        </h2>
        {action}
      </div>
      {state.loaded && state.items.length === 0 && !state.error && <p className={mutedClass}>{empty}</p>}
      {state.items.length > 0 && (
        <ul className={cardListClass} aria-label={title}>
          {state.items.map((p) => (
            <LfgCard key={p.id} post={p} showGame={showGame} />
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
