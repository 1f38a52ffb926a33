/** Class names the room's parts share: bubbles (own on the right, others on the left, spec §9 max 70 %). */
import { css } from '../../../styled-system/css';

export const rowClass = css({ display: 'flex', justifyContent: 'flex-start', '&[data-own=true]': { justifyContent: 'flex-end' } });

export const bubbleClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  maxW: '70%',
  minW: '0',
  px: '3',
  py: '2',
  borderRadius: 'xl',
  borderBottomLeftRadius: 'sm',
  bg: 'bg.subtle',
  color: 'fg.default',
  '[data-own=true] > &': {
    bg: 'primary.solid',
    color: 'primary.contrast',
    borderBottomLeftRadius: 'xl',
    borderBottomRightRadius: 'sm',
  },
  '&[data-status=failed]': { outline: '2px solid', outlineColor: 'error.icon' },
});

export const senderClass = css({ fontSize: 'xs', fontWeight: 'bold', overflowWrap: 'anywhere' });
export const textClass = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: '1.45' });
export const metaClass = css({ fontSize: 'xs', alignSelf: 'flex-end', fontVariantNumeric: 'tabular-nums' });
/** Spec §9: thumbnails at most 200 px (CHAT_THUMB_MAX_PX; Panda needs the literal). */
export const thumbClass = css({
  display: 'block',
  maxW: 'min(100%, 200px)',
  maxH: '200px',
  borderRadius: 'md',
  objectFit: 'contain',
  bg: 'bg.canvas',
});
export const thumbLinkClass = css({
  display: 'block',
  width: 'fit-content',
  borderRadius: 'md',
  _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
