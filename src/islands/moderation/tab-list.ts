/**
 * NOTE: the moderation screen's tab list, shared by its plain first form (ModerationTabs.tsx) and Ark UI's
 * (ModerationTabsView.tsx, loaded on first use): the tabs, their look, and the ids that tie a tab to its panel.
 */
import { css } from '../../../styled-system/css';

export type TabValue = 'reports' | 'games' | 'audit';
export type Tab = { value: TabValue; label: string };
export type TabListProps = { tabs: Tab[]; value: TabValue; onValueChange: (value: TabValue) => void };

export const tabId = (value: string) => `moderation-tab-${value}`;
export const panelId = (value: string) => `moderation-panel-${value}`;

export const listClass = css({ display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'border.default', mb: '6' });
export const triggerClass = css({
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
