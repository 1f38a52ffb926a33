/** Buttons and link-buttons: `solid` (contained), `outline`, `ghost`; colour `primary` or `secondary`. */
import { defineRecipe } from '@pandacss/dev';

export const buttonRecipe = defineRecipe({
  className: 'button',
  description: 'Contained, outlined and text buttons (also for <a> that look like buttons)',
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'transparent',
    fontWeight: 'semibold',
    letterSpacing: '0.02em',
    lineHeight: '1.2',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    userSelect: 'none',
    transitionProperty: 'background-color, border-color, color, box-shadow',
    transitionDuration: '150ms',
    _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
    _disabled: { cursor: 'not-allowed', opacity: 0.6 },
    '& svg': { width: '1.25em', height: '1.25em', flexShrink: 0 },
  },
  variants: {
    variant: {
      solid: {
        bg: 'colorPalette.solid',
        color: 'colorPalette.contrast',
        boxShadow: '0 1px 3px rgba(0, 0, 0, 0.2)',
        _hover: { _enabled: { bg: 'colorPalette.solidHover' } },
        '&:is(a):hover': { bg: 'colorPalette.solidHover' },
      },
      outline: {
        bg: 'transparent',
        color: 'colorPalette.text',
        borderColor: 'colorPalette.text',
        _hover: { bg: 'colorPalette.subtle' },
      },
      ghost: { bg: 'transparent', color: 'colorPalette.text', _hover: { bg: 'colorPalette.subtle' } },
    },
    palette: { primary: { colorPalette: 'primary' }, secondary: { colorPalette: 'secondary' } },
    size: {
      sm: { minH: '9', px: '3', fontSize: 'sm' },
      md: { minH: '11', px: '5', fontSize: 'md' },
      lg: { minH: '12', px: '7', fontSize: 'lg' },
    },
    fullWidth: { true: { width: 'full' } },
  },
  defaultVariants: { variant: 'solid', palette: 'primary', size: 'md' },
});
