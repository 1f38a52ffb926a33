/**
 * The /moderation island (staff only; the page renders it for them alone). Tabs: the report queue, 'Games'
 * (rename and merge catalogue entries), and for admins the 'Audit log'. The server checks the role again on every call.
 * The queue comes with the page; the other tabs' code loads when the tab is first opened, and Ark's tab list with
 * the first touch of the tabs (src/ui/tabs/TabList.tsx).
 */
import { onDemand } from '../../ui/on-demand.ts';
import type { Tab } from '../../ui/tabs/tab-list.ts';
import { TabList } from '../../ui/tabs/TabList.tsx';
import { OnDemandPanel, useTabPanels } from '../../ui/tabs/use-tab-panels.tsx';
import { ReportQueue } from './ReportQueue.tsx';

type TabValue = 'reports' | 'games' | 'audit';
const gamesPanel = onDemand(() => import('./GamesPanel.tsx').then((m) => m.GamesPanel));
const auditLog = onDemand(() => import('./AuditLog.tsx').then((m) => m.AuditLog));

export default function ModerationPage({ isAdmin }: { isAdmin: boolean }) {
  const tabs: Tab<TabValue>[] = [
    { value: 'reports', label: 'Reports' },
    { value: 'games', label: 'Games' },
    ...(isAdmin ? [{ value: 'audit' as const, label: 'Audit log' }] : []),
  ];
  const { value, choose, panel } = useTabPanels<TabValue>('moderation', 'reports');
  return (
    <>
      <TabList name="moderation" label="Moderation" tabs={tabs} value={value} onValueChange={choose} />
      {panel('reports', <ReportQueue />)}
      {panel('games', <OnDemandPanel view={gamesPanel} name="games" props={{}} />)}
      {isAdmin && panel('audit', <OnDemandPanel view={auditLog} name="the audit log" props={{}} />)}
    </>
  );
}
