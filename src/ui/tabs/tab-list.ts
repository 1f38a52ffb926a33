/**
 * NOTE: a page's tab list, shared by its plain first form (TabList.tsx) and Ark UI's (TabListView.tsx, loaded on
 * first use): the tabs, their look, and the ids that tie a tab to its panel. `name` makes the ids unique on the
 * page (letters and dashes: 'moderation', 'community-settings'); `label` names the list for screen readers.
 */
import { css } from '../../../styled-system/css';

export type Tab<V extends string = string> = { value: V; label: string };
export type TabListProps<V extends string = string> = {
  name: string;
  label: string;
  tabs: Tab<V>[];
  value: V;
  onValueChange: (value: V) => void;
};

export const tabId = (name: string, value: string) => `${name}-tab-${value}`;
export const panelId = (name: string, value: string) => `${name}-panel-${value}`;

export const listClass = css({
  display: 'flex',
  gap: '1',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  mb: '6',
  overflowX: 'auto',
  scrollbarWidth: 'none',
});
export const triggerClass = css({
  minH: '11',
  px: { base: '3', sm: '4' },
  flexShrink: '0',
  whiteSpace: 'nowrap',
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
