/**
 * NOTE: the light/dark mode bootstrap, without React and without a flash. A classic inline script, rendered
 * first in <body> by ThemeBootstrap.astro (after Astro's CSP <meta>, before anything paints). It sets
 * `data-theme` on <html> from localStorage ('mui-mode', else the OS preference), re-applies it after
 * ClientRouter swaps (which reset <html> attributes), follows other tabs and the OS setting, and handles clicks
 * on any `[data-theme-toggle]` button (ThemeToggle.astro). Pages allow it by its hash: the layout must call
 * `Astro.csp.insertScriptHash(THEME_BOOTSTRAP_HASH)` in its frontmatter, i.e. before <head> is rendered.
 */
import { createHash } from 'node:crypto';
import { THEME_MODE_KEY, THEME_SCHEME_KEY } from '../shared/constants.ts';

export const THEME_BOOTSTRAP_CODE = `(()=>{const M=${JSON.stringify(THEME_MODE_KEY)},S=${JSON.stringify(THEME_SCHEME_KEY)},r=document.documentElement,q=matchMedia("(prefers-color-scheme: dark)");
const get=k=>{try{return localStorage.getItem(k)}catch{return null}};
const want=()=>{const m=get(M);return m==="light"||m==="dark"?m:q.matches?"dark":"light"};
const apply=m=>{r.dataset.theme=m};
const save=m=>{try{localStorage.setItem(M,m);localStorage.setItem(S,m)}catch{}};
apply(want());
document.addEventListener("astro:after-swap",()=>apply(want()));
q.addEventListener("change",()=>apply(want()));
addEventListener("storage",e=>{if(e.key===M)apply(want())});
document.addEventListener("click",e=>{const b=e.target instanceof Element&&e.target.closest("[data-theme-toggle]");if(!b)return;const m=r.dataset.theme==="dark"?"light":"dark";save(m);apply(m)});
})();`;

export const THEME_BOOTSTRAP_HASH = `sha256-${createHash('sha256').update(THEME_BOOTSTRAP_CODE).digest('base64')}` as const;
