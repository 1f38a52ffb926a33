/**
 * NOTE: the two ways lists are drawn. `panelListClass`: a list drawn as one bordered panel with lines between its rows (search results, the chats list). Apply to
 * a <ul> whose <li>s hold the rows; add the list's own extras with `cx`.
 */
import { css } from '../../styled-system/css';

export const panelListClass = css({
  listStyle: 'none',
  m: '0',
  p: '0',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  overflow: 'hidden',
  '& > li + li': { borderTopWidth: '1px', borderColor: 'border.default' },
});

/** Rows with lines between them, drawn inside a card (no panel of their own); the hover reaches the card's edges. */
export const cardListClass = css({
  listStyle: 'none',
  m: '0',
  mx: { base: '-5', sm: '-6' },
  p: '0',
  '& > li + li': { borderTopWidth: '1px', borderColor: 'border.default' },
});

/** A row of such a list that opens one thing: put `rowLinkClass` on its link, whose hit area covers the row. */
export const linkRowClass = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: { base: '5', sm: '6' },
  py: '3',
  _hover: { bg: 'bg.subtle' },
});
export const rowLinkClass = css({
  fontWeight: 'semibold',
  color: 'inherit',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  outline: 'none',
  // The whole row is the link's hit area; the focus ring follows it.
  '&::after': { content: '""', position: 'absolute', inset: '0' },
  '&:focus-visible::after': { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
});
/** The text beside a row's picture (its link, then lines of details), and a line of small muted details. */
export const rowBodyClass = css({ flex: '1', display: 'flex', flexDirection: 'column', gap: '0.5', minW: '0' });
export const rowMetaClass = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'fg.muted' });
