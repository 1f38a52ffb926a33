/**
 * Ark UI's tab list for the moderation screen (arrow keys, Home/End, roving focus), loaded by ModerationTabs on the
 * first pointer or focus. Only the list: the panels belong to the page, tied to the tabs by id (tab-list.ts), so
 * they stay mounted when this replaces the plain list.
 */
import { Tabs } from '@ark-ui/react/tabs';
import { useLayoutEffect, useRef } from 'react';
import { listClass, panelId, tabId, triggerClass, type TabListProps, type TabValue } from './tab-list.ts';

const ids = { trigger: tabId, content: panelId };

export default function ModerationTabsView({ tabs, value, onValueChange, focused }: TabListProps & { focused: TabValue | null }) {
  const list = useRef<HTMLDivElement>(null);
  // The plain tab that had the focus hands it to its Ark twin (same id), so the keyboard carries on; only when the
  // focus went with the plain list (it is on the body), never taken back from where the person has gone since.
  useLayoutEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (focused && lost) list.current?.querySelector<HTMLElement>(`#${tabId(focused)}`)?.focus();
  }, [focused]);
  return (
    <Tabs.Root value={value} onValueChange={(e) => onValueChange(e.value as TabValue)} ids={ids} activationMode="automatic">
      <Tabs.List ref={list} className={listClass} aria-label="Moderation">
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} className={triggerClass} value={tab.value}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
