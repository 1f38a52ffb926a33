/**
 * NOTE: the panels of a page's tabs (the list is TabList.tsx). `useTabPanels(name, first)` answers the chosen tab,
 * `choose` for the list's `onValueChange`, and `panel(tab, content)`, which renders a tab's panel once the tab was
 * first chosen and keeps it mounted (hidden) after, so it keeps what it loaded. `OnDemandPanel` shows a panel whose
 * code loads when its tab is first shown; a failed load says so and offers to try again.
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { Button } from '../Button.tsx';
import { useOnDemand, type OnDemand } from '../on-demand.ts';
import { Spinner } from '../Spinner.tsx';
import { panelId, tabId } from './tab-list.ts';

const waitClass = css({ display: 'flex', justifyContent: 'center', py: '8' });
const panelClass = css({ _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' } });

export function useTabPanels<V extends string>(name: string, first: V) {
  const [value, setValue] = useState<V>(first);
  const [visited, setVisited] = useState<Set<V>>(() => new Set([first]));
  const choose = (next: V) => {
    setValue(next);
    setVisited((seen) => (seen.has(next) ? seen : new Set([...seen, next])));
  };
  const panel = (tab: V, content: ReactNode) =>
    visited.has(tab) && (
      <div
        role="tabpanel"
        id={panelId(name, tab)}
        aria-labelledby={tabId(name, tab)}
        hidden={value !== tab}
        tabIndex={0}
        className={panelClass}
      >
        {content}
      </div>
    );
  return { value, choose, panel };
}

export function OnDemandPanel<P extends object>({ view, name, props }: { view: OnDemand<ComponentType<P>>; name: string; props: P }) {
  const [wanted, setWanted] = useState(true);
  const Panel = useOnDemand(view, wanted, () => setWanted(false));
  if (Panel) return <Panel {...props} />;
  return (
    <div className={waitClass}>
      {wanted ? <Spinner label={`Loading ${name}`} /> : <Button onClick={() => setWanted(true)}>Try again</Button>}
    </div>
  );
}
