/** A raised surface (landing feature cards, the sign-in and registration panels, page sections). */
import { defineRecipe } from '@pandacss/dev';

export const cardRecipe = defineRecipe({
  className: 'card',
  description: 'Raised surface',
  base: {
    bg: 'bg.surface',
    color: 'fg.default',
    borderRadius: 'xl',
    borderWidth: '1px',
    borderColor: 'border.default',
    boxShadow: '0 1px 3px rgba(0, 0, 0, 0.08), 0 4px 16px rgba(0, 0, 0, 0.06)',
  },
  variants: {
    padding: {
      md: { p: { base: '5', sm: '6' } },
      lg: { p: { base: '6', sm: '8' } },
    },
  },
  defaultVariants: { padding: 'md' },
});
