// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { savepointDevServer } from './src/server/dev/astro-integration.ts';
import { PAGE_DIRECTIVES } from './src/shared/content-policy.ts';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), savepointDevServer()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '127.0.0.1' },
  security: { checkOrigin: false, csp: { algorithm: 'SHA-256', directives: [...PAGE_DIRECTIVES] } },
  prefetch: false,
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
});
