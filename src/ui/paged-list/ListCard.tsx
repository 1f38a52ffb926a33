/**
 * NOTE: a titled card listing what `useKeyedList` holds (communities, groups): the heading with an optional
 * `action` beside it, the rows `row(item)` renders (each an <li>, in a list named after the title), an empty line,
 * the error, 'Show more' while there is more, then `children`. Renders its loading state on the server and until
 * its first answer.
 */
import { useId, type ReactNode } from 'react';
import { css, cx } from '../../../styled-system/css';
import { card } from '../../../styled-system/recipes';
import { Alert } from '../Alert.tsx';
import { cardListClass } from '../list-styles.ts';
import { ListFooter } from '../ListFooter.tsx';
import type { KeyedListState } from './use-keyed-list.ts';

const sectionClass = cx(card(), css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' }));
const headRowClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' });
const headingClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const mutedClass = css({ color: 'fg.muted' });

type Props<T> = {
  title: string;
  empty: ReactNode;
  state: KeyedListState<T>;
  onMore: () => void;
  row: (item: T) => ReactNode;
  action?: ReactNode;
  className?: string;
  children?: ReactNode;
};

export function ListCard<T>({ title, empty, state, onMore, row, action, className, children }: Props<T>) {
  const headingId = useId();
  return (
    <section className={cx(sectionClass, className)} aria-labelledby={headingId} aria-busy={state.loading}>
      <div className={headRowClass}>
        <h2 id={headingId} className={headingClass}>
          {title}
        </h2>
        {action}
      </div>
      {state.loaded && state.items.length === 0 && !state.error && <p className={mutedClass}>{empty}</p>}
      {state.items.length > 0 && (
        <ul className={cardListClass} aria-label={title}>
          {state.items.map(row)}
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
