/**
 * A small rounded label in the primary tint ('Follows you', 'You play this too', a player's 'Friend'), with room
 * for a leading icon. Add placement (`ml: 'auto'`, …) with `cx`.
 */
import { css } from '../../styled-system/css';

export const chipClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '2.5',
  py: '0.5',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'semibold',
  bg: 'primary.subtle',
  color: 'primary.text',
  '& svg': { width: '3.5', height: '3.5' },
});
