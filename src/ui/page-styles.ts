/**
 * NOTE: the page widths, one column system for every page, so a page's <h1> lines up with what is under it.
 * Rules for callers:
 * - A page picks one width through src/components/PageColumn.astro: `reading` for one column of cards or a list
 *   (feed, search, chats and a chat room, account, notifications, home), `wide` for side-by-side panels (profiles,
 *   games, moderation). Both are centred in AppLayout's <main>, which is as wide as the navigation bar.
 * - The column holds the page's heading (PageHeading) and everything under it. Islands inside fill its width: they
 *   never set their own max width nor centre themselves, so the heading, a filter and a card share one left edge.
 */
import { css } from '../../styled-system/css';

export type PageWidth = 'reading' | 'wide';

export const pageColumnClass: Record<PageWidth, string> = {
  reading: css({ width: 'full', maxW: '2xl', mx: 'auto' }),
  wide: css({ width: 'full', maxW: '6xl', mx: 'auto' }),
};
