/**
 * NOTE: which page chunk each module joins (for chunk-groups.ts), from the pages that load it upfront.
 * Rules:
 * - Modules loaded by the same set of pages share one chunk, named after those pages.
 * - A set whose code is small (under `SMALL` characters) joins the chunk of the fewest pages that load all of it:
 *   a few hundred bytes a page did not need cost less than one more file (its own compression, its import and
 *   export lists, its name in every preload list). It never joins a chunk that `fixed` pages (the signed-out
 *   pages, the shell) load and it did not: those have budgets of their own.
 * - Merging keeps chunks from importing each other in a circle; the plugin checks the output all the same.
 */
import { createHash } from 'node:crypto';

export const SMALL = 700;

type Group = { key: string; pages: string[]; size: number; into: Group | null };

/** A page chunk's name: the pages that load it, or how many with a short hash when that would be long. */
export function chunkName(pages: string[]): string {
  const labels = pages.map((page) => page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, ''));
  if (labels.length <= 2) return `page-${labels.join('+')}`;
  return `pages-${labels.length}-${createHash('sha256').update(pages.join('\n')).digest('hex').slice(0, 6)}`;
}

const final = (group: Group): Group => (group.into ? final(group.into) : group);

export function pageChunks(loadedBy: Map<string, string[]>, sizeOf: (id: string) => number, fixed: string[]): Map<string, string> {
  const groups = new Map<string, Group>();
  const groupOf = new Map<string, Group>();
  for (const [id, pages] of loadedBy) {
    const sorted = [...new Set(pages)].sort();
    const key = sorted.join('\n');
    const group = groups.get(key) ?? { key, pages: sorted, size: 0, into: null };
    group.size += sizeOf(id);
    groups.set(key, group);
    groupOf.set(id, group);
  }
  const pinned = (group: Group) => group.pages.filter((page) => fixed.includes(page)).join('\n');
  // Wider sets first: when a small set looks for a home, every wider set has already found its own.
  const byWidth = [...groups.values()].sort((a, b) => b.pages.length - a.pages.length || a.key.localeCompare(b.key));
  for (const small of byWidth) {
    if (small.size >= SMALL) continue;
    const homes = byWidth.filter(
      (group) =>
        group !== small &&
        !group.into &&
        group.pages.length > small.pages.length &&
        small.pages.every((page) => group.pages.includes(page)) &&
        pinned(group) === pinned(small),
    );
    const home = homes.sort((a, b) => a.pages.length - b.pages.length || b.size - a.size || a.key.localeCompare(b.key))[0];
    if (!home) continue;
    small.into = home;
    home.size += small.size;
  }
  return new Map([...groupOf].map(([id, group]) => [id, chunkName(final(group).pages)]));
}
