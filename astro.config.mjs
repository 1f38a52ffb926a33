// @ts-check
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import { defineConfig } from 'astro/config';
import { savepointDevServer } from './src/server/dev/astro-integration.ts';
import { PAGE_DIRECTIVES } from './src/shared/content-policy.ts';

/**
 * Preact runs effects after the next frame; React runs those of a discrete update (a click, a key) at once. Ark
 * UI's state machines rely on React's timing: a dialog reopened after closing moved focus into and labelled the
 * content only when its presence effect had mounted it first. Effects run in a microtask here, as React does.
 * @returns {import('astro').AstroIntegration}
 */
function preactEffectsTiming() {
  return {
    name: 'savepoint:preact-effects-timing',
    hooks: {
      'astro:config:setup': ({ injectScript }) =>
        injectScript('before-hydration', "import { options } from 'preact'; options.requestAnimationFrame = (cb) => queueMicrotask(cb);"),
    },
  };
}

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [preact({ compat: true }), preactEffectsTiming(), savepointDevServer()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '127.0.0.1' },
  security: { checkOrigin: false, csp: { algorithm: 'SHA-256', directives: [...PAGE_DIRECTIVES] } },
  prefetch: false,
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
  // Libraries written against React are bundled into the server build so their `react` imports resolve to
  // preact/compat there too (left external, they would load real React and render nothing Preact understands).
  vite: {
    ssr: {
      noExternal: ['react', 'react-dom', 'react/jsx-runtime', '@ark-ui/react', /^@zag-js\//, '@nanostores/react', 'react-image-crop'],
    },
  },
});
