/**
 * NOTE: a Vite plugin that puts the browser's code in chunks by the pages that load it, not by the bundler's
 * default (one file per set of islands, which cuts a page's code into dozens of files of a few hundred bytes, each
 * compressed on its own and each naming its imports again, at a cost of several kB per page):
 * - `react`: React, React DOM, the scheduler and Astro's React renderer, on every page with an island;
 * - `shell`: the signed-in shell (the nav bar's islands: bell, upload, chats badge, session gate, toaster, and what
 *   they import upfront), on every signed-in page;
 * - page chunks: the rest of what pages load upfront, one chunk per set of pages that load it (what only the
 *   profiles and the game page load is one file), so a page never loads code it does not use.
 * Rules for callers:
 * - A page's islands are found in its source (page-islands.ts): `.tsx` components rendered with `client:`,
 *   through the `.astro` components it imports. The layout's islands are the shell's, rendered signed in only;
 *   what the signed-out pages' islands (sign-in, registration) also load stays out, so those never load the shell.
 * - Only our own modules and small libraries they import directly join (nanostores, Panda's `cx`): a package
 *   reached through its index would drag code that only dialogs use into every page.
 * - Code loaded on demand (`import()`) is never pulled in: it stays where the bundler puts it. A dialog that
 *   needs a module of a page chunk loads that chunk whole.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { SIGNED_OUT_ONLY } from '../shared/routes.ts';
import { pageChunks } from './page-chunks.ts';
import { islandsOf, pagesIn } from './page-islands.ts';

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/;

export function chunkGroups(root: string): Plugin {
  const islands = islandsOf(path.join(root, 'src', 'layouts', 'AppLayout.astro'));
  const layout = new Set(islands);
  const pages = [...pagesIn(root)].map(([label, file]) => ({ label, islands: islandsOf(file).filter((id) => !layout.has(id)) }));
  const signedOut = pages.filter((page) => SIGNED_OUT_ONLY.includes(`/${page.label}` as never)).flatMap((page) => page.islands);
  // Folders whose modules may join the shell, under this checkout only (a parent folder named `src` must not count).
  const joins = ['src', 'styled-system', 'node_modules/nanostores', 'node_modules/@nanostores'].map(
    (dir) => path.join(root, dir) + path.sep,
  );
  if (islands.length === 0) throw new Error('chunk-groups: src/layouts/AppLayout.astro imports no islands (has its import form changed?)');
  const shell = new Set<string>();
  /** Module id → the name of the page chunk it joins (the set of pages that load it upfront). */
  const pageChunk = new Map<string, string>();
  return {
    name: 'savepoint:chunk-groups',
    applyToEnvironment: (env) => env.config.consumer === 'client',
    configEnvironment(name) {
      if (name !== 'client') return;
      const groups = [
        { name: 'react', test: REACT, priority: 2 },
        // Exactly the shell's modules: what they import from outside it (the modules the signed-out pages share)
        // stays in chunks of its own. Those never import the shell back, so no two chunks import each other.
        { name: 'shell', test: (id: string) => shell.has(id), priority: 1, includeDependenciesRecursively: false },
        // A module's importer is loaded by no more pages than the module itself, so page chunks never import each
        // other in a circle: two modules that import each other are loaded by the same pages, hence one chunk.
        { name: (id: string) => pageChunk.get(id) ?? null, priority: 0, includeDependenciesRecursively: false },
      ];
      // Required with includeDependenciesRecursively off: an island's chunk may export more than the island.
      return { build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension', output: { codeSplitting: { groups } } } } };
    },
    generateBundle(_options, bundle) {
      // Chunks that import each other in a circle could run a module before one it needs: fail the build.
      const imports = new Map(Object.values(bundle).flatMap((out) => (out.type === 'chunk' ? [[out.fileName, out.imports]] : [])));
      const done = new Set<string>();
      const visit = (file: string, path: string[]) => {
        if (path.includes(file)) throw new Error(`chunk-groups: chunks import each other in a circle: ${[...path, file].join(' → ')}`);
        if (done.has(file)) return;
        for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
        done.add(file);
      };
      for (const file of imports.keys()) visit(file, []);
    },
    buildEnd() {
      // Each client build (Astro runs more than one) works out its own groups.
      shell.clear();
      pageChunk.clear();
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
      // What the shell loads from outside it is loaded by every signed-in page: it counts as a page of its own.
      const loadedBy = new Map<string, string[]>();
      for (const page of [{ label: 'shell', islands }, ...pages]) {
        for (const id of upfront(page.islands)) if (!shell.has(id)) loadedBy.set(id, [...(loadedBy.get(id) ?? []), page.label]);
      }
      // A module that imports a library (other than React and nanostores) stays with the bundler, and so does every
      // module that imports it: the bundler may put the library in an island's own chunk, which imports the page
      // chunk back (a circle). Build helpers (`\0` ids) import nothing of ours.
      const staticImports = (id: string) => {
        const info = this.getModuleInfo(id);
        const later = new Set(info?.dynamicallyImportedIds);
        return (info?.importedIds ?? []).filter((imported) => !later.has(imported));
      };
      const free = (id: string) => id.startsWith('\0') || REACT.test(id) || shell.has(id);
      const tied = new Set([...loadedBy.keys()].filter((id) => staticImports(id).some((i) => !free(i) && !loadedBy.has(i))));
      for (let grew = true; grew;) {
        grew = false;
        for (const id of loadedBy.keys()) {
          if (!tied.has(id) && staticImports(id).some((i) => tied.has(i))) grew = Boolean(tied.add(id));
        }
      }
      for (const id of tied) loadedBy.delete(id);
      const fixed = ['shell', ...pages.filter((page) => SIGNED_OUT_ONLY.includes(`/${page.label}` as never)).map((page) => page.label)];
      const chosen = pageChunks(loadedBy, (id) => this.getModuleInfo(id)?.code?.length ?? 0, fixed);
      for (const [id, name] of chosen) pageChunk.set(id, name);
    },
  };
}
