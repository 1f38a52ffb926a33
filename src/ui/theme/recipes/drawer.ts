/**
 * A bottom sheet that slides up (Ark UI Dialog parts, see src/ui/Drawer.tsx): the comments drawer of the phone
 * and tablet views. At most 80% of the screen high; the body scrolls, header and footer stay put.
 */
import { defineSlotRecipe } from '@pandacss/dev';

export const drawerRecipe = defineSlotRecipe({
  className: 'drawer',
  description: 'Bottom sheet: backdrop, sliding panel with header (title + close), scrolling body and footer',
  slots: ['backdrop', 'positioner', 'content', 'header', 'title', 'body', 'footer'],
  base: {
    backdrop: { position: 'fixed', inset: '0', zIndex: 'overlay', bg: 'rgba(0, 0, 0, 0.5)', _open: { animation: 'fadeIn 200ms ease-out' } },
    positioner: { position: 'fixed', inset: '0', zIndex: 'modal', display: 'flex', alignItems: 'flex-end', justifyContent: 'center' },
    content: {
      display: 'flex',
      flexDirection: 'column',
      width: 'full',
      maxW: '2xl',
      maxH: '80dvh',
      bg: 'bg.surface',
      color: 'fg.default',
      borderTopLeftRadius: 'xl',
      borderTopRightRadius: 'xl',
      boxShadow: '0 -8px 24px rgba(0, 0, 0, 0.2)',
      outline: 'none',
      _open: { animation: 'slideUp 250ms cubic-bezier(0.2, 0.8, 0.2, 1)' },
      _motionReduce: { _open: { animation: 'fadeIn 150ms ease-out' } },
    },
    header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', pl: '5', pr: '3', pt: '3', pb: '2' },
    title: { fontSize: 'lg', fontWeight: 'semibold' },
    body: { flex: '1', minH: '0', overflowY: 'auto', overscrollBehavior: 'contain', px: '5', py: '2' },
    footer: {
      px: '4',
      pt: '2',
      pb: 'max(0.75rem, env(safe-area-inset-bottom))',
      borderTopWidth: '1px',
      borderColor: 'border.default',
    },
  },
});
