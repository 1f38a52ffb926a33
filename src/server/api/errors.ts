import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ServiceError } from '../errors.ts';
import type { ApiEnv } from './context.ts';

/** Every failure leaves as `{ error }`; unexpected ones are logged with the request id and never described. */
export function handleError(err: Error, c: Context<ApiEnv>): Response {
  if (err instanceof ServiceError) {
    for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
    return c.json(err.field ? { error: err.message, field: err.field } : { error: err.message }, err.status);
  }
  if (err instanceof HTTPException && err.status < 500) {
    const status = err.status;
    return c.json({ error: err.message || 'Bad request' }, status);
  }
  c.var.log?.error({ err, requestId: c.var.requestId }, 'unhandled API error');
  return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
}

export const notFoundResponse = (c: Context) => c.json({ error: `No API route for ${c.req.method} ${c.req.path}` }, 404);
