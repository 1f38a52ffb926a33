/**
 * The /moderation island (staff only; the page renders it for them alone). Tabs: the report queue, 'Games'
 * (rename and merge catalogue entries), and for admins the 'Audit log'. The server checks the role again on every call.
 */
import { Tabs } from '@ark-ui/react/tabs';
import { css } from '../../../styled-system/css';
import { AuditLog } from './AuditLog.tsx';
import { GamesPanel } from './GamesPanel.tsx';
import { ReportQueue } from './ReportQueue.tsx';

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
        <GamesPanel />
      </Tabs.Content>
      {isAdmin && (
        <Tabs.Content value="audit">
          <AuditLog />
        </Tabs.Content>
      )}
    </Tabs.Root>
  );
}
