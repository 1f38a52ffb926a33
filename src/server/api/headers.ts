/**
 * NOTE: request headers as Node parsed them. `c.req.header()` builds a fetch `Headers` object from the raw header
 * list on its first call (validating every name and value again), a visible share of a small request's CPU; the
 * hot middlewares read Node's own object instead. Names are lower case; a repeated header reads as Node joins it.
 */
import type { IncomingMessage } from 'node:http';

/** Any Hono context of the Node server (its `env` carries Node's request). */
type NodeContext = { env: { incoming: IncomingMessage } };

export function requestHeader(c: NodeContext, name: Lowercase<string>): string | undefined {
  const value = c.env.incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
