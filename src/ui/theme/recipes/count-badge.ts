/**
 * The small red count badge (spec §2: the bell's and the Chats link's unread counts, a room's unread count in
 * the chats list). `corner` pins it to the top-right of a round icon control (the control is
 * `position: relative`), ringed in the bar's colour; `inline` sits in the text flow.
 */
import { defineRecipe } from '@pandacss/dev';

export const countBadgeRecipe = defineRecipe({
  className: 'count-badge',
  description: 'Red unread-count badge',
  base: {
    flexShrink: 0,
    minW: '5',
    h: '5',
    px: '1',
    display: 'inline-grid',
    placeItems: 'center',
    borderRadius: 'full',
    bg: '#d32f2f',
    color: 'white',
    fontSize: '0.6875rem',
    fontWeight: 'bold',
    letterSpacing: '0',
    lineHeight: '1',
    fontVariantNumeric: 'tabular-nums',
  },
  variants: {
    placement: {
      inline: {},
      corner: { position: 'absolute', top: '0.5', right: '0', boxShadow: '0 0 0 2px token(colors.navbar.bg)', pointerEvents: 'none' },
    },
  },
  defaultVariants: { placement: 'inline' },
});
