/** The look of the app's dropdown menus (Ark UI Menu): the panel and its items (post options, the group menu). */
import { css } from '../../styled-system/css';

export const menuContentClass = css({
  minW: '40',
  py: '1',
  bg: 'bg.surface',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'border.default',
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.18)',
  outline: 'none',
  zIndex: 'popover',
});

export const menuItemClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  // No colour here: items inherit the text colour, so menuDangerClass can set one without an atomic-class clash.
  fontWeight: 'medium',
  cursor: 'pointer',
  '&[data-highlighted]': { bg: 'bg.subtle' },
  '& svg': { width: '5', height: '5' },
});

/** A destructive item (Delete, Leave Group). */
export const menuDangerClass = css({ color: 'error.text' });
