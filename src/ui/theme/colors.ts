/**
 * NOTE: colours of spec §9 (primary #1976d2, secondary #dc004e) and the light/dark palettes. Components use
 * only the semantic tokens (`bg.canvas`, `fg.default`, `primary.solid`, …) so both modes follow
 * `data-theme` on <html>. Dark-mode text variants are lighter so they keep WCAG AA contrast on dark surfaces.
 */
import { defineSemanticTokens, defineTokens } from '@pandacss/dev';

export const colorTokens = defineTokens.colors({
  brand: {
    primary: { value: '#1976d2' },
    primaryDark: { value: '#1565c0' },
    primaryLight: { value: '#90caf9' },
    secondary: { value: '#dc004e' },
    secondaryDark: { value: '#9a0036' },
    secondaryLight: { value: '#f48fb1' },
  },
});

const mode = (light: string, dark: string) => ({ value: { base: light, _dark: dark } });

export const semanticColors = defineSemanticTokens.colors({
  bg: {
    canvas: mode('#f5f7fa', '#121212'),
    surface: mode('#ffffff', '#1e1e1e'),
    subtle: mode('#eef2f7', '#2a2a2a'),
    field: mode('#ffffff', '#181818'),
  },
  fg: {
    default: mode('rgba(0, 0, 0, 0.87)', '#ffffff'),
    muted: mode('rgba(0, 0, 0, 0.64)', 'rgba(255, 255, 255, 0.72)'),
    disabled: mode('rgba(0, 0, 0, 0.38)', 'rgba(255, 255, 255, 0.5)'),
  },
  border: {
    default: mode('rgba(0, 0, 0, 0.14)', 'rgba(255, 255, 255, 0.16)'),
    field: mode('rgba(0, 0, 0, 0.32)', 'rgba(255, 255, 255, 0.32)'),
    fieldHover: mode('rgba(0, 0, 0, 0.87)', '#ffffff'),
  },
  primary: {
    solid: { value: '{colors.brand.primary}' },
    solidHover: { value: '{colors.brand.primaryDark}' },
    contrast: { value: '#ffffff' },
    // #1976d2 is 4.6:1 on white but under 4.5:1 on the canvas; text uses the darker shade (MUI's primary.dark).
    text: mode('{colors.brand.primaryDark}', '{colors.brand.primaryLight}'),
    subtle: mode('rgba(25, 118, 210, 0.08)', 'rgba(144, 202, 249, 0.12)'),
  },
  secondary: {
    solid: { value: '{colors.brand.secondary}' },
    solidHover: { value: '{colors.brand.secondaryDark}' },
    contrast: { value: '#ffffff' },
    text: mode('{colors.brand.secondary}', '{colors.brand.secondaryLight}'),
    subtle: mode('rgba(220, 0, 78, 0.06)', 'rgba(244, 143, 177, 0.12)'),
  },
  error: {
    bg: mode('#fdeded', '#2a1414'),
    fg: mode('#5f2120', '#f4c7c7'),
    border: mode('#f3b3b3', '#7a2e2e'),
    icon: mode('#d32f2f', '#f44336'),
    text: mode('#c62828', '#ff8a80'),
  },
  navbar: {
    bg: mode('{colors.brand.primary}', '#1e1e1e'),
    fg: { value: '#ffffff' },
    // Darkening (not lightening) the blue keeps white text above 4.5:1.
    hover: mode('rgba(0, 0, 0, 0.12)', 'rgba(255, 255, 255, 0.1)'),
    current: mode('rgba(0, 0, 0, 0.22)', 'rgba(144, 202, 249, 0.2)'),
    border: mode('transparent', 'rgba(255, 255, 255, 0.12)'),
  },
  focusRing: mode('{colors.brand.primary}', '{colors.brand.primaryLight}'),
});
