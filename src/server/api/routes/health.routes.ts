import { Hono } from 'hono';
import type { HealthService } from '../../services/health.service.ts';
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
];

export const healthRoutes = (health: HealthService) =>
  new Hono<ApiEnv>().get('/', async (c) => {
    return (await health.databaseReachable()) ? c.json({ status: 'ok' }) : c.json({ error: 'Database unreachable' }, 503);
  });
