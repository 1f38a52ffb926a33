/**
 * NOTE: Panda CSS. `npm run build|dev|typecheck` run `panda codegen` first, so styled-system/ (gitignored) is
 * always generated from this file; the CSS itself is emitted by the PostCSS plugin (postcss.config.cjs) from
 * src/ui/global.css. Colour modes follow `data-theme="light|dark"` on <html> (set before first paint by
 * src/components/ThemeBootstrap.astro). Breakpoints: src/ui/theme/breakpoints.ts.
 */
import { defineConfig } from '@pandacss/dev';
import { THEME_BREAKPOINTS, productConditions } from './src/ui/theme/breakpoints.ts';
import { colorTokens, semanticColors } from './src/ui/theme/colors.ts';
import {
  alertRecipe,
  buttonRecipe,
  cardRecipe,
  countBadgeRecipe,
  dialogRecipe,
  drawerRecipe,
  fieldRecipe,
  iconButtonRecipe,
  spinnerRecipe,
} from './src/ui/theme/recipes/index.ts';

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx,astro}'],
  exclude: ['./src/server/**', './src/shared/**'],
  outdir: 'styled-system',
  conditions: {
    extend: {
      dark: '[data-theme=dark] &',
      light: '[data-theme=light] &',
      ...productConditions,
    },
  },
  globalCss: {
    html: {
      colorScheme: 'light',
      fontFamily: 'body',
      bg: 'bg.canvas',
      color: 'fg.default',
      WebkitFontSmoothing: 'antialiased',
      '&[data-theme=dark]': { colorScheme: 'dark' },
    },
    body: {
      minHeight: '100dvh',
      lineHeight: '1.5',
      // Phones: while a toast shows (one at a time there, at the bottom), the page keeps room for it under its last
      // control and full-height screens (the chat room) shrink by it, so a toast never hides a control for good.
      '@media (max-width: 599.98px)': {
        '&:has([data-scope=toast][data-part=root])': { '--toast-space': '5rem', paddingBottom: 'var(--toast-space)' },
      },
    },
    '::selection': { bg: 'primary.solid', color: 'primary.contrast' },
  },
  staticCss: { recipes: '*' },
  theme: {
    // Replaces the preset's scale (no `2xl`): spec §9 has exactly xs 0, sm, md, lg, xl.
    breakpoints: THEME_BREAKPOINTS,
    extend: {
      tokens: {
        colors: colorTokens,
        // The default presets have no z-index scale; this is Chakra/Park UI's.
        zIndex: {
          hide: { value: -1 },
          base: { value: 0 },
          docked: { value: 10 },
          dropdown: { value: 1000 },
          sticky: { value: 1100 },
          banner: { value: 1200 },
          overlay: { value: 1300 },
          modal: { value: 1400 },
          popover: { value: 1500 },
          skipLink: { value: 1600 },
          toast: { value: 1700 },
          tooltip: { value: 1800 },
        },
        fonts: {
          body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif' },
        },
      },
      semanticTokens: { colors: semanticColors },
      keyframes: {
        fadeIn: { from: { opacity: '0' }, to: { opacity: '1' } },
        spin: { to: { transform: 'rotate(360deg)' } },
        slideUp: { from: { transform: 'translateY(100%)' }, to: { transform: 'translateY(0)' } },
      },
      recipes: {
        button: buttonRecipe,
        card: cardRecipe,
        countBadge: countBadgeRecipe,
        iconButton: iconButtonRecipe,
        spinner: spinnerRecipe,
      },
      slotRecipes: { field: fieldRecipe, alert: alertRecipe, dialog: dialogRecipe, drawer: drawerRecipe },
    },
  },
});
