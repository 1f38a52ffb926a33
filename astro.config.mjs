// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import { chunkGroups } from './src/build/chunk-groups.ts';
import { staticClassNames } from './src/build/static-class-names.ts';
import { websocketOnly } from './src/build/websocket-only.ts';
import { savepointDevServer } from './src/server/dev/astro-integration.ts';
import { PAGE_DIRECTIVES } from './src/shared/content-policy.ts';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

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
    // Panda's class names are worked out at build time; code every page loads together comes in two chunks (ADR 043).
    plugins: [staticClassNames(ROOT), chunkGroups(ROOT), websocketOnly()],
  },
});
