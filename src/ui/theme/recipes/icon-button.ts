/**
 * A round icon-only button: dialog and drawer close buttons, post menus, Back, Send (`surface`), and the navigation
 * bar's Upload and bell triggers (`navbar`, a little smaller on phones so the bar fits 390 px; see NavBar.astro).
 * Callers give it an accessible name (aria-label).
 */
import { defineRecipe } from '@pandacss/dev';

export const iconButtonRecipe = defineRecipe({
  className: 'icon-button',
  description: 'Round icon-only button',
  base: {
    display: 'inline-grid',
    placeItems: 'center',
    flexShrink: 0,
    width: '10',
    height: '10',
    borderRadius: 'full',
    cursor: 'pointer',
    _disabled: { cursor: 'not-allowed', opacity: 0.5 },
  },
  variants: {
    tone: {
      surface: {
        color: 'fg.muted',
        _hover: { bg: 'bg.subtle', color: 'fg.default' },
        _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '1px' },
        '& svg': { width: '5', height: '5' },
      },
      navbar: {
        color: 'navbar.fg',
        _mobile: { width: '8', height: '8' },
        _hover: { bg: 'navbar.hover' },
        _focusVisible: { outline: '2px solid white', outlineOffset: '2px' },
        '&[aria-expanded=true], &[data-state=open]': { bg: 'navbar.current' },
        '& > svg': { width: '6', height: '6' },
      },
    },
  },
  defaultVariants: { tone: 'surface' },
});
