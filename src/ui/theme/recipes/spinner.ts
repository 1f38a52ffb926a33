/** A circular progress indicator (the app-start spinner and busy states). */
import { defineRecipe } from '@pandacss/dev';

export const spinnerRecipe = defineRecipe({
  className: 'spinner',
  description: 'Indeterminate circular progress',
  base: {
    display: 'inline-block',
    borderRadius: 'full',
    borderStyle: 'solid',
    borderColor: 'primary.subtle',
    borderTopColor: 'primary.text',
    animation: 'spin 0.8s linear infinite',
    _motionReduce: { animationDuration: '2.4s' },
  },
  variants: {
    size: {
      sm: { width: '5', height: '5', borderWidth: '2px' },
      lg: { width: '12', height: '12', borderWidth: '4px' },
    },
  },
  defaultVariants: { size: 'lg' },
});
