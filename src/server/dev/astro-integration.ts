/**
 * NOTE: `npm run dev` only. Boots the same backend as production (database, API, sockets) inside Astro's dev
 * server: /api goes to Hono, socket.io attaches to the dev http server, pages get the session in locals.
 */
import type { AstroIntegration } from 'astro';

export function savepointDevServer(): AstroIntegration {
  return {
    name: 'savepoint-dev-server',
    hooks: {
      'astro:server:setup': async ({ server }) => {
        const { startDevBackend } = await import('./dev-backend.ts');
        await startDevBackend(server);
      },
    },
  };
}
