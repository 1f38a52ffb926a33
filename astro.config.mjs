// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { staticClassNames } from './src/build/static-class-names.ts';
import { savepointDevServer } from './src/server/dev/astro-integration.ts';
import { PAGE_DIRECTIVES } from './src/shared/content-policy.ts';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/;

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), savepointDevServer()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '127.0.0.1' },
  security: { checkOrigin: false, csp: { algorithm: 'SHA-256', directives: [...PAGE_DIRECTIVES] } },
  prefetch: false,
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
  vite: {
    // Panda's class names are worked out at build time (ADR 043).
    plugins: [staticClassNames(ROOT)],
    // React and its island renderer load together on every page with an island: one file compresses better
    // than the four the bundler would cut (ADR 043).
    environments: {
      client: {
        build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'react', test: REACT, priority: 1 }] } } } },
      },
    },
  },
});
