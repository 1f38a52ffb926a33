/**
 * NOTE: which islands each page hydrates, read from the sources at build time (for chunk-groups.ts).
 * Rules: an island is a `.tsx` component that an `.astro` file imports by default import and renders with a
 * `client:` directive (a `.tsx` rendered without one is plain HTML and ships no code). `.astro` components a file
 * imports are followed, so a page counts its components' islands too (its layout's included).
 */
import fs from 'node:fs';
import path from 'node:path';

const IMPORT = /^\s*import\s+(\w+)\s*(?:,\s*\{[^}]*\}\s*)?from\s+['"](\.[^'"]+\.(tsx|astro))['"]/gm;
const HYDRATED = /<(\w+)\b[^>]*?\sclient:/g;

/** The islands an `.astro` file (and the `.astro` components it imports) hydrates, as absolute paths. */
export function islandsOf(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const [, frontmatter = '', ...rest] = fs.readFileSync(file, 'utf8').split(/^---$/m);
  const template = rest.join('---');
  const imports = new Map<string, string>();
  const islands: string[] = [];
  for (const [, name, spec, ext] of frontmatter.matchAll(IMPORT)) {
    const target = path.resolve(path.dirname(file), spec!);
    if (ext === 'astro') islands.push(...islandsOf(target, seen));
    else imports.set(name!, target);
  }
  for (const [, name] of template.matchAll(HYDRATED)) {
    const island = imports.get(name!);
    // A page whose islands went unseen would lose its chunks to the bundler's guesses: fail the build instead.
    if (!island) throw new Error(`page-islands: ${file} hydrates <${name}> but imports it in a form this does not read`);
    islands.push(island);
  }
  return [...new Set(islands)];
}

/** Every page under `src/pages`, by its route-like label ('feed', 'profile/[username]'). */
export function pagesIn(root: string): Map<string, string> {
  const dir = path.join(root, 'src', 'pages');
  const pages = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (entry.endsWith('.astro')) pages.set(entry.slice(0, -'.astro'.length).split(path.sep).join('/'), path.join(dir, entry));
  }
  return pages;
}
