/**
 * Modal dialogs (Ark UI Dialog parts, see src/ui/Dialog.tsx): a centred panel from `sm` up, a full-width sheet
 * anchored to the bottom on phones. The body scrolls; header and footer stay put.
 */
import { defineSlotRecipe } from '@pandacss/dev';

export const dialogRecipe = defineSlotRecipe({
  className: 'dialog',
  description: 'Modal dialog: backdrop, panel with header (title + close), scrolling body and footer',
  slots: ['backdrop', 'positioner', 'content', 'header', 'title', 'body', 'footer'],
  base: {
    backdrop: {
      position: 'fixed',
      inset: '0',
      zIndex: 'overlay',
      bg: 'rgba(0, 0, 0, 0.5)',
      _open: { animation: 'fadeIn 150ms ease-out' },
    },
    positioner: {
      position: 'fixed',
      inset: '0',
      zIndex: 'modal',
      display: 'flex',
      justifyContent: 'center',
      alignItems: { base: 'flex-end', sm: 'center' },
      p: { base: '0', sm: '6' },
    },
    content: {
      display: 'flex',
      flexDirection: 'column',
      width: 'full',
      maxH: { base: 'calc(100dvh - 2rem)', sm: 'calc(100dvh - 3rem)' },
      bg: 'bg.surface',
      color: 'fg.default',
      borderWidth: '1px',
      borderColor: 'border.default',
      // Phones: a sheet with rounded top corners only.
      borderRadius: { base: '0', sm: 'xl' },
      borderTopLeftRadius: 'xl',
      borderTopRightRadius: 'xl',
      boxShadow: '0 11px 15px -7px rgba(0, 0, 0, 0.2), 0 24px 38px 3px rgba(0, 0, 0, 0.14)',
      outline: 'none',
      _open: { animation: 'fadeIn 150ms ease-out' },
    },
    header: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '3',
      pl: { base: '5', sm: '6' },
      pr: { base: '3', sm: '4' },
      pt: '4',
      pb: '2',
    },
    title: { flex: '1', minW: '0', fontSize: 'xl', fontWeight: 'semibold', lineHeight: '1.3', overflowWrap: 'anywhere' },
    body: {
      flex: '1',
      minH: '0',
      overflowY: 'auto',
      overscrollBehavior: 'contain',
      px: { base: '5', sm: '6' },
      py: '3',
      display: 'flex',
      flexDirection: 'column',
      gap: '4',
    },
    footer: {
      display: 'flex',
      justifyContent: 'flex-end',
      flexWrap: 'wrap',
      gap: '3',
      px: { base: '5', sm: '6' },
      pt: '3',
      pb: { base: 'max(1rem, env(safe-area-inset-bottom))', sm: '5' },
    },
  },
  variants: {
    size: {
      sm: { content: { maxW: { sm: 'sm' } } },
      md: { content: { maxW: { sm: 'lg' } } },
      lg: { content: { maxW: { sm: '2xl' } } },
    },
  },
  defaultVariants: { size: 'md' },
});
