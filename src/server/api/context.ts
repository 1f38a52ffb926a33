import type { HttpBindings } from '@hono/node-server';
import type { Logger } from '../logger.ts';
import type { Identity } from '../auth/identity.ts';
import type { CountedByWrite } from '../auth/write-buckets.ts';

export type ApiEnv = {
  Bindings: HttpBindings;
  Variables: {
    requestId: string;
    log: Logger;
    identity: Identity;
    clientIp: string;
    /** Set by the write limits for a write its own statement counts (write-buckets.ts `CountedByWrite`). */
    countedByWrite?: CountedByWrite;
  };
};
