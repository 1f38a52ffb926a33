import type { HttpBindings } from '@hono/node-server';
import type { Logger } from '../logger.ts';
import type { Identity } from '../auth/identity.ts';

export type ApiEnv = {
  Bindings: HttpBindings;
  Variables: { requestId: string; log: Logger; identity: Identity; clientIp: string };
};
