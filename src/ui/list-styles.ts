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
