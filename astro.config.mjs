// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { chunkGroups } from './src/build/chunk-groups.ts';
import { staticClassNames } from './src/build/static-class-names.ts';
import { websocketOnly } from './src/build/websocket-only.ts';
import { savepointDevServer } from './src/server/dev/astro-integration.ts';
import { buildInfo } from './src/build/build-info.ts';
import { assetsSource, parseAssetsUrl } from './src/shared/assets-url.ts';
import { pageDirectives } from './src/shared/content-policy.ts';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
// ASSETS_URL (ADR 053): a CDN or edge host serving dist/client's hashed files; every page then loads /_astro/* from
// there, and its policy allows exactly that folder. The server checks at start that it was built with the same.
const ASSETS_URL = parseAssetsUrl(process.env.ASSETS_URL);
const ASSETS_SOURCE = assetsSource(ASSETS_URL);
const fromAssets = ASSETS_SOURCE ? { resources: ["'self'", ASSETS_SOURCE] } : undefined;

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), savepointDevServer(), buildInfo({ assetsUrl: ASSETS_URL ?? null })],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '127.0.0.1' },
  security: {
    checkOrigin: false,
    csp: {
      algorithm: 'SHA-256',
      directives: pageDirectives(ASSETS_SOURCE),
      ...(fromAssets ? { scriptDirective: fromAssets, styleDirective: fromAssets } : {}),
    },
  },
  ...(ASSETS_URL ? { build: { assetsPrefix: ASSETS_URL } } : {}),
  prefetch: false,
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
  vite: {
    // Panda's class names are worked out at build time; code every page loads together comes in two chunks (ADR 043).
    plugins: [staticClassNames(ROOT), chunkGroups(ROOT), websocketOnly()],
  },
});
