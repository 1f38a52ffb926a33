/**
 * NOTE: a Vite plugin that gives the browser's code two chunks of its own, for code every page loads together anyway
 * (the bundler would cut it into dozens of files of a few hundred bytes, each compressed on its own and each naming
 * its imports again, at a cost of several kB per page):
 * - `react`: React, React DOM, the scheduler and Astro's React renderer, on every page with an island;
 * - `shell`: the signed-in shell (the nav bar's islands: bell, upload, chats badge, session gate, toaster, and what
 *   they import upfront), on every signed-in page.
 * Rules for callers:
 * - The shell's islands are the `.tsx` files that `src/layouts/AppLayout.astro` imports. What the signed-out pages'
 *   islands (sign-in, registration) also load stays out, so those pages never load the shell.
 * - Only our own modules and small libraries they import directly join (nanostores, Panda's `cx`): a package
 *   reached through its index would drag code that only dialogs use into every page.
 * - Code loaded on demand (`import()`) is never pulled in: it stays where the bundler puts it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { SIGNED_OUT_ONLY } from '../shared/routes.ts';

const IMPORT = /^\s*import\s+(?:[\w{}\s,*]+\s+from\s+)?['"](\.[^'"]+\.tsx)['"]/gm;
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/;

/** The islands an `.astro` file imports, as absolute paths. */
function islandsOf(file: string): string[] {
  const frontmatter = fs.readFileSync(file, 'utf8').split(/^---$/m)[1] ?? '';
  return [...frontmatter.matchAll(IMPORT)].map((m) => path.resolve(path.dirname(file), m[1]!));
}

export function chunkGroups(root: string): Plugin {
  const islands = islandsOf(path.join(root, 'src', 'layouts', 'AppLayout.astro'));
  const signedOut = SIGNED_OUT_ONLY.flatMap((route) => islandsOf(path.join(root, 'src', 'pages', `${route.slice(1)}.astro`)));
  // Folders whose modules may join the shell, under this checkout only (a parent folder named `src` must not count).
  const joins = ['src', 'styled-system', 'node_modules/nanostores', 'node_modules/@nanostores'].map(
    (dir) => path.join(root, dir) + path.sep,
  );
  if (islands.length === 0) throw new Error('chunk-groups: src/layouts/AppLayout.astro imports no islands (has its import form changed?)');
  const shell = new Set<string>();
  return {
    name: 'savepoint:chunk-groups',
    applyToEnvironment: (env) => env.config.consumer === 'client',
    configEnvironment(name) {
      if (name !== 'client') return;
      const groups = [
        { name: 'react', test: REACT, priority: 1 },
        // Exactly the shell's modules: what they import from outside it (the modules the signed-out pages share)
        // stays in chunks of its own. Those never import the shell back, so no two chunks import each other.
        { name: 'shell', test: (id: string) => shell.has(id), priority: 0, includeDependenciesRecursively: false },
      ];
      // Required with includeDependenciesRecursively off: an island's chunk may export more than the island.
      return { build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension', output: { codeSplitting: { groups } } } } };
    },
    buildEnd() {
      // What a set of islands loads upfront: their static imports, followed through our own modules only.
      const upfront = (starts: string[]) => {
        const seen = new Set<string>();
        const stack = [...starts];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id) || !joins.some((dir) => id.startsWith(dir))) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          const later = new Set(info?.dynamicallyImportedIds);
          stack.push(...(info?.importedIds ?? []).filter((imported) => !later.has(imported)));
        }
        return seen;
      };
      const outside = upfront(signedOut);
      for (const id of upfront(islands)) if (!outside.has(id)) shell.add(id);
    },
  };
}
