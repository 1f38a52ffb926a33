/** Class names the media components share (icon buttons with a count, muted text). */
import { css } from '../../../styled-system/css';

export const iconCountButtonClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  minH: '10',
  px: '2.5',
  borderRadius: 'full',
  color: 'fg.muted',
  fontWeight: 'semibold',
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle', color: 'fg.default' },
  _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '1px' },
  _disabled: { cursor: 'not-allowed', opacity: 0.6 },
  // Pressed stays its colour under the pointer: a tap on a phone leaves :hover on the button it liked.
  '&[aria-pressed=true]': { color: 'secondary.text', _hover: { color: 'secondary.text' } },
  '& svg': { width: '6', height: '6' },
});

/** The look of the message inputs (comments, chat); each adds its own shape: `cx(messageInputClass, css({...}))`. */
export const messageInputClass = css({
  flex: '1',
  minW: '0',
  minH: '10',
  px: '3.5',
  borderWidth: '1px',
  borderColor: 'border.field',
  bg: 'bg.field',
  color: 'fg.default',
  _placeholder: { color: 'fg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '0' },
});

export const captionClass = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
export const mutedClass = css({ color: 'fg.muted' });

/** When a post or comment was made, beside its author (a <Time format="recency">). */
export const postedClass = css({ flexShrink: 0, color: 'fg.muted', fontSize: 'sm', whiteSpace: 'nowrap' });

/** An author and that time side by side, the author's name giving way first when space is short. */
export const bylineClass = css({ display: 'flex', alignItems: 'center', gap: '2', minW: '0' });
