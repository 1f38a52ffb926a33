/**
 * Ark UI's tab list for a page (arrow keys, Home/End, roving focus), loaded by TabList on the
 * first pointer or focus. Only the list: the panels belong to the page, tied to the tabs by id (tab-list.ts), so
 * they stay mounted when this replaces the plain list.
 */
import { Tabs } from '@ark-ui/react/tabs';
import { useLayoutEffect, useRef } from 'react';
import { listClass, panelId, tabId, triggerClass, type TabListProps } from './tab-list.ts';

export default function TabListView({ name, label, tabs, value, onValueChange, focused }: TabListProps & { focused: string | null }) {
  const ids = { trigger: (v: string) => tabId(name, v), content: (v: string) => panelId(name, v) };
  const list = useRef<HTMLDivElement>(null);
  // The plain tab that had the focus hands it to its Ark twin (same id), so the keyboard carries on; only when the
  // focus went with the plain list (it is on the body), never taken back from where the person has gone since.
  useLayoutEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (focused && lost) list.current?.querySelector<HTMLElement>(`#${tabId(name, focused)}`)?.focus();
  }, [focused, name]);
  return (
    <Tabs.Root value={value} onValueChange={(e) => onValueChange(e.value)} ids={ids} activationMode="automatic">
      <Tabs.List ref={list} className={listClass} aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.value} className={triggerClass} value={tab.value}>
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
