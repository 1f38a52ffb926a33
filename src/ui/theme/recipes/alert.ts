/** Inline status messages; `error` is the red alert of spec §8. */
import { defineSlotRecipe } from '@pandacss/dev';

export const alertRecipe = defineSlotRecipe({
  className: 'alert',
  description: 'Status message with an icon',
  slots: ['root', 'icon', 'content'],
  base: {
    root: { display: 'flex', alignItems: 'flex-start', gap: '3', px: '4', py: '3', borderRadius: 'md', borderWidth: '1px', fontSize: 'sm' },
    icon: { flexShrink: 0, width: '5', height: '5', mt: '1px' },
    content: { flex: '1', minW: '0', lineHeight: '1.5' },
  },
  variants: {
    status: {
      error: { root: { bg: 'error.bg', color: 'error.fg', borderColor: 'error.border' }, icon: { color: 'error.icon' } },
    },
  },
  defaultVariants: { status: 'error' },
});
