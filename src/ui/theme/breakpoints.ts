/**
 * NOTE: two breakpoint scales, both from spec §9.
 * - Theme breakpoints (Panda's `sm`…`xl`, mobile-first `min-width`): layout of generic UI (e.g. the landing cards
 *   go to three columns from `md`).
 * - Product breakpoints (conditions `_mobile`, `_tablet`, `_desktop`, `_largeDesktop`): what the product switches
 *   on (icon-only nav below 768px; desktop and large desktop get modals). Use these names for product behaviour;
 *   `PRODUCT_MEDIA` gives the same queries to scripts (matchMedia).
 */
export const THEME_BREAKPOINTS = { sm: '600px', md: '900px', lg: '1200px', xl: '1536px' } as const;

export const PRODUCT_BREAKPOINTS = { tablet: 768, desktop: 1024, largeDesktop: 1440 } as const;

export const PRODUCT_MEDIA = {
  mobile: `(max-width: ${PRODUCT_BREAKPOINTS.tablet - 0.02}px)`,
  tablet: `(min-width: ${PRODUCT_BREAKPOINTS.tablet}px)`,
  desktop: `(min-width: ${PRODUCT_BREAKPOINTS.desktop}px)`,
  largeDesktop: `(min-width: ${PRODUCT_BREAKPOINTS.largeDesktop}px)`,
} as const;

/** Panda conditions: `_mobile`, `_tablet`, `_desktop`, `_largeDesktop`. */
export const productConditions = {
  mobile: `@media ${PRODUCT_MEDIA.mobile}`,
  tablet: `@media ${PRODUCT_MEDIA.tablet}`,
  desktop: `@media ${PRODUCT_MEDIA.desktop}`,
  largeDesktop: `@media ${PRODUCT_MEDIA.largeDesktop}`,
};
