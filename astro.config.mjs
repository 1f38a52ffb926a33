// @ts-check
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { savepointDevServer } from './src/server/dev/astro-integration.ts';
import { PAGE_DIRECTIVES } from './src/shared/content-policy.ts';

const EFFECTS_TIMING = fileURLToPath(new URL('./src/islands/effects-timing.ts', import.meta.url));

/**
 * Browser builds run src/islands/effects-timing.ts (Preact's effects at React's timing) first thing in the module
 * every island imports before hydrating: `@astrojs/preact`'s client entry.
 * @returns {import('vite').Plugin}
 */
function preactEffectsTiming() {
  return {
    name: 'savepoint:preact-effects-timing',
    applyToEnvironment: (env) => env.config.consumer === 'client',
    transform(code, id) {
      if (!/[\\/]@astrojs[\\/]preact[\\/]dist[\\/]client(-dev)?\.js$/.test(id)) return null;
      return { code: `import ${JSON.stringify(EFFECTS_TIMING)};\n${code}`, map: null };
    },
  };
}

/**
 * During SSR, `useSyncExternalStore` must answer its server snapshot, as React's does (Preact's compat layer reads
 * the client one): Ark's Portal asks it whether it runs on the server. Server builds get `preact/compat` through
 * this wrapper.
 * @returns {import('vite').Plugin}
 */
function serverSnapshots() {
  const id = '\0savepoint:preact-compat-ssr';
  return {
    name: 'savepoint:preact-compat-ssr',
    enforce: 'pre',
    applyToEnvironment: (env) => env.config.consumer === 'server',
    resolveId(source, importer) {
      if (source === 'preact/compat' && importer !== id) return id;
      return null;
    },
    load(loaded) {
      if (loaded !== id) return null;
      return [
        "import * as compat from 'preact/compat';",
        "export * from 'preact/compat';",
        'export default compat.default;',
        'export function useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot) {',
        '  return compat.useSyncExternalStore(subscribe, getServerSnapshot ?? getSnapshot);',
        '}',
      ].join('\n');
    },
  };
}

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [preact({ compat: true }), savepointDevServer()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '127.0.0.1' },
  security: { checkOrigin: false, csp: { algorithm: 'SHA-256', directives: [...PAGE_DIRECTIVES] } },
  prefetch: false,
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
  // Libraries written against React are bundled into the server build so their `react` imports resolve to
  // preact/compat there too (left external, they would load real React and render nothing Preact understands).
  vite: {
    plugins: [preactEffectsTiming(), serverSnapshots()],
    ssr: {
      noExternal: ['react', 'react-dom', 'react/jsx-runtime', '@ark-ui/react', /^@zag-js\//, '@nanostores/react', 'react-image-crop'],
    },
  },
});
