import { Hono } from 'hono';
import type { HealthService } from '../../services/health/health.service.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';

export const healthOperations: Operation[] = [
  {
    method: 'get',
    path: '/health',
    tag: 'health',
    summary: 'Liveness with a database round trip',
    responses: { 200: 'database reachable', 503: 'database unreachable' },
  },
  {
    method: 'get',
    path: '/health/ready',
    tag: 'health',
    summary: 'Readiness for a load balancer: database, media store and (when configured) Redis answer',
    responses: {
      200: '`{status: "ready", checks}`: every part answered',
      503: '`{error, checks}`: a part failed (named in `checks`), or the node is shutting down (`draining: true`)',
    },
  },
];

export const healthRoutes = (health: HealthService) =>
  new Hono<ApiEnv>()
    .get('/', async (c) => {
      return (await health.databaseReachable()) ? c.json({ status: 'ok' }) : c.json({ error: 'Database unreachable' }, 503);
    })
    .get('/ready', async (c) => {
      c.header('Cache-Control', 'no-store');
      const { ready, draining, checks } = await health.readiness();
      if (ready) return c.json({ status: 'ready', checks });
      if (draining) return c.json({ error: 'Shutting down', draining: true, checks }, 503);
      const failed = Object.keys(checks).filter((name) => checks[name] === 'failed');
      return c.json({ error: `Not ready: ${failed.join(', ')} unreachable`, draining: false, checks }, 503);
    });
