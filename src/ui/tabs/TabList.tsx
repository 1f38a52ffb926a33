/**
 * NOTE: a page's tab list (props in tab-list.ts). Until someone points at it or focuses it, it is plain buttons with the same
 * look, roles, names and ids as Ark UI's (a click selects at once); that first touch loads Ark's list
 * (TabListView.tsx), which takes over with its keyboard handling, so the page does not ship Ark's tabs
 * upfront. Arrow keys, Home and End pressed before Ark's list arrives move between the plain tabs the same way
 * (selection follows focus), so no key is lost while it loads. The panels are the page's (use-tab-panels.tsx).
 */
import { useState } from 'react';
import { onDemand, useOnDemand } from '../../ui/on-demand.ts';
import { listClass, panelId, tabId, triggerClass, type TabListProps } from './tab-list.ts';

const view = onDemand(() => import('./TabListView.tsx').then((m) => m.default));
const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function TabList<V extends string>(props: TabListProps<V>) {
  const [wanted, setWanted] = useState(false);
  const [focused, setFocused] = useState<V | null>(null);
  // Quiet: the plain list works on its own, so a failed load of Ark's is not worth a toast (nor a retry per key).
  const View = useOnDemand(view, wanted, () => {}, true);
  if (View) return <View {...(props as unknown as TabListProps)} focused={focused} />;
  return (
    <div role="tablist" aria-label={props.label} aria-orientation="horizontal" className={listClass} onPointerEnter={() => setWanted(true)}>
      {props.tabs.map((tab, index) => {
        const selected = tab.value === props.value;
        return (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={tabId(props.name, tab.value)}
            aria-selected={selected}
            aria-controls={selected ? panelId(props.name, tab.value) : undefined}
            data-selected={selected ? '' : undefined}
            tabIndex={selected ? 0 : -1}
            className={triggerClass}
            onFocus={() => {
              // Selection follows focus (as in Ark's list). A tap focuses before it clicks, and the focus starts
              // loading Ark's list, which may replace this one before the click lands: the focus must select.
              props.onValueChange(tab.value);
              setFocused(tab.value);
              setWanted(true);
            }}
            onClick={() => {
              props.onValueChange(tab.value);
              setWanted(true);
            }}
            onKeyDown={(event) => {
              const step = STEPS[event.key];
              if (!step) return;
              event.preventDefault();
              const next = props.tabs[step(index, props.tabs.length)]!;
              props.onValueChange(next.value);
              document.getElementById(tabId(props.name, next.value))?.focus();
            }}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
