/**
 * NOTE: ASSETS_URL (ADR 053): where browsers fetch the built site's hashed files (/_astro/*) from, when a CDN or edge
 * host serves them instead of the Node nodes. Read at build (astro.config.mjs: Astro's build.assetsPrefix and the
 * pages' policy) and at start (the server's own policy header, and a check that the build matches), so it is parsed
 * here once for both. An http(s) URL with no query or fragment; a path is allowed (a bucket's folder); no trailing slash.
 */
export function parseAssetsUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const url = URL.canParse(raw.trim()) ? new URL(raw.trim()) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username || url.password) {
    throw new Error('ASSETS_URL: must be an http(s) URL without a query, a fragment or credentials (https://cdn.example.org)');
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * What a page's policy allows from there: the hashed files' folder only (a source may name a path), so another
 * folder on a shared host (another bucket of s3.amazonaws.com) cannot serve scripts to the pages.
 */
export const assetsSource = (assetsUrl: string | undefined) => (assetsUrl ? `${assetsUrl}/_astro/` : undefined);
