/**
 * NOTE: a classic inline script rendered right after the theme bootstrap (same CSP rule: the layout inserts
 * ISLAND_GUARD_HASH on every page). When a person follows a link before the page's islands have finished
 * hydrating (React hydrates in a transition, so a slow phone can take a while), ClientRouter swaps the page
 * and Astro unmounts each island's root; React then reports "This root received an early update, before
 * anything was able hydrate" (production code 424) as an uncaught error. Nothing is wrong: the island is
 * gone with its page. This cancels that one report during a navigation and lets every other error through.
 */
import { createHash } from 'node:crypto';

// Only while ClientRouter moves to another page (from its preparation to the new page's load): elsewhere the same
// report would mean a real early update of a live island, which must stay visible.
export const ISLAND_GUARD_CODE = `(()=>{let moving=false;document.addEventListener("astro:before-preparation",()=>{moving=true});document.addEventListener("astro:page-load",()=>{moving=false});
addEventListener("error",e=>{const m=String(e.message);if(moving&&(m.includes("React error #424;")||m.includes("received an early update, before anything was able hydrate")))e.preventDefault()})})();`;

export const ISLAND_GUARD_HASH = `sha256-${createHash('sha256').update(ISLAND_GUARD_CODE).digest('base64')}` as const;
