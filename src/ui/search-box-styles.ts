/**
 * NOTE: the look of a page's search box (a magnifier icon and a borderless input in one field-like box), shared
 * by the people search and the games index. Put the icon and the input inside an element with `searchBoxClass`;
 * give the box its width where it is used.
 */
import { css } from '../../styled-system/css';

export const searchBoxClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  minH: '12',
  bg: 'bg.field',
  borderWidth: '1px',
  borderColor: 'border.field',
  borderRadius: 'md',
  color: 'fg.muted',
  _hover: { borderColor: 'border.fieldHover' },
  _focusWithin: { borderColor: 'focusRing', outline: '1px solid', outlineColor: 'focusRing' },
  '& > svg': { width: '5', height: '5', flexShrink: 0 },
});

export const searchInputClass = css({
  flex: '1',
  minW: '0',
  h: '11',
  bg: 'transparent',
  color: 'fg.default',
  fontSize: 'md',
  outline: 'none',
  _placeholder: { color: 'fg.muted' },
  '&::-webkit-search-cancel-button': { cursor: 'pointer' },
});
