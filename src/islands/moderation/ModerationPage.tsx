/**
 * The /moderation island (staff only; the page renders it for them alone). Tabs: the report queue, 'Games'
 * (rename and merge catalogue entries), and for admins the 'Audit log'. The server checks the role again on every call.
 * The queue comes with the page; the other tabs' code loads when the tab is first opened.
 */
import { Tabs } from '@ark-ui/react/tabs';
import { useState, type ComponentType } from 'react';
import { css } from '../../../styled-system/css';
import { Button } from '../../ui/Button.tsx';
import { onDemand, useOnDemand, type OnDemand } from '../../ui/on-demand.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { ReportQueue } from './ReportQueue.tsx';

const gamesPanel = onDemand(() => import('./GamesPanel.tsx').then((m) => m.GamesPanel));
const auditLog = onDemand(() => import('./AuditLog.tsx').then((m) => m.AuditLog));
const waitClass = css({ display: 'flex', justifyContent: 'center', py: '8' });

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

const listClass = css({ display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'border.default', mb: '6' });
const triggerClass = css({
  minH: '11',
  px: '4',
  fontWeight: 'semibold',
  color: 'fg.muted',
  borderBottomWidth: '3px',
  borderColor: 'transparent',
  mb: '-1px',
  cursor: 'pointer',
  _hover: { color: 'fg.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
  '&[data-selected]': { color: 'primary.text', borderColor: 'primary.solid' },
});

export default function ModerationPage({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Tabs.Root defaultValue="reports" lazyMount>
      <Tabs.List className={listClass} aria-label="Moderation">
        <Tabs.Trigger className={triggerClass} value="reports">
          Reports
        </Tabs.Trigger>
        <Tabs.Trigger className={triggerClass} value="games">
          Games
        </Tabs.Trigger>
        {isAdmin && (
          <Tabs.Trigger className={triggerClass} value="audit">
            Audit log
          </Tabs.Trigger>
        )}
      </Tabs.List>
      <Tabs.Content value="reports">
        <ReportQueue />
      </Tabs.Content>
      <Tabs.Content value="games">
        <OnDemandPanel view={gamesPanel} name="games" />
      </Tabs.Content>
      {isAdmin && (
        <Tabs.Content value="audit">
          <OnDemandPanel view={auditLog} name="the audit log" />
        </Tabs.Content>
      )}
    </Tabs.Root>
  );
}
