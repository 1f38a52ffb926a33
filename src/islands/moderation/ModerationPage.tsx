/**
 * The /moderation island (staff only; the page renders it for them alone). Tabs: the report queue, 'Games'
 * (rename and merge catalogue entries), and for admins the 'Audit log'. The server checks the role again on every call.
 * The queue comes with the page; the other tabs' code loads when the tab is first opened, and Ark's tab list with
 * the first touch of the tabs (ModerationTabs.tsx).
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { Button } from '../../ui/Button.tsx';
import { onDemand, useOnDemand, type OnDemand } from '../../ui/on-demand.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { ModerationTabs } from './ModerationTabs.tsx';
import { ReportQueue } from './ReportQueue.tsx';
import { panelId, tabId, type Tab, type TabValue } from './tab-list.ts';

const gamesPanel = onDemand(() => import('./GamesPanel.tsx').then((m) => m.GamesPanel));
const auditLog = onDemand(() => import('./AuditLog.tsx').then((m) => m.AuditLog));
const waitClass = css({ display: 'flex', justifyContent: 'center', py: '8' });
const panelClass = css({ _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' } });

/** A tab's panel whose code loads when the tab is first shown; a failed load says so and offers to try again. */
function OnDemandPanel({ view, name }: { view: OnDemand<ComponentType>; name: string }) {
  const [wanted, setWanted] = useState(true);
  const Panel = useOnDemand(view, wanted, () => setWanted(false));
  if (Panel) return <Panel />;
  return (
    <div className={waitClass}>
      {wanted ? <Spinner label={`Loading ${name}`} /> : <Button onClick={() => setWanted(true)}>Try again</Button>}
    </div>
  );
}

export default function ModerationPage({ isAdmin }: { isAdmin: boolean }) {
  const tabs: Tab[] = [
    { value: 'reports', label: 'Reports' },
    { value: 'games', label: 'Games' },
    ...(isAdmin ? [{ value: 'audit' as const, label: 'Audit log' }] : []),
  ];
  const [value, setValue] = useState<TabValue>('reports');
  // A panel mounts when its tab is first chosen and stays mounted (hidden) after, keeping what it loaded.
  const [visited, setVisited] = useState<Set<TabValue>>(() => new Set(['reports']));
  const choose = (next: TabValue) => {
    setValue(next);
    setVisited((seen) => (seen.has(next) ? seen : new Set([...seen, next])));
  };
  const panel = (tab: TabValue, content: ReactNode) =>
    visited.has(tab) && (
      <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} hidden={value !== tab} tabIndex={0} className={panelClass}>
        {content}
      </div>
    );
  return (
    <>
      <ModerationTabs tabs={tabs} value={value} onValueChange={choose} />
      {panel('reports', <ReportQueue />)}
      {panel('games', <OnDemandPanel view={gamesPanel} name="games" />)}
      {isAdmin && panel('audit', <OnDemandPanel view={auditLog} name="the audit log" />)}
    </>
  );
}
