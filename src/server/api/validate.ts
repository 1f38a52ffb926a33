import type { Context } from 'hono';
import * as v from 'valibot';
import { firstIssue } from '../../shared/schemas/auth.ts';
import { notAllowedMessage } from '../../shared/schemas/fields.ts';
import { ServiceError, badRequest } from '../errors.ts';
import { requestHeader } from './headers.ts';

/** Parses the JSON body against a shared schema; malformed or invalid input becomes a 400 naming the field. */
export async function readJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const type = requestHeader(c, 'content-type') ?? '';
  if (type.split(';')[0]!.trim().toLowerCase() !== 'application/json') throw new ServiceError(415, 'Content-Type must be application/json');
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw badRequest('Request body must be valid JSON');
  }
  const result = v.safeParse(schema, body);
  if (!result.success) throw badRequest(firstIssue(result.issues));
  refuseHostileText(body);
  return result.output;
}

/**
 * A backstop after the field schemas (whose messages come first): no string anywhere in a body or query (keys included) may hold NUL or a lone
 * surrogate, whatever its schema says, so neither can reach PostgreSQL (NUL is an error there). Names the field.
 */
export function refuseHostileText(value: unknown, field = 'Request'): void {
  if (typeof value === 'string') {
    if (!value.isWellFormed() || value.includes('\u0000')) throw badRequest(notAllowedMessage(field));
  } else if (Array.isArray(value)) {
    for (const item of value) refuseHostileText(item, field);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      refuseHostileText(key, 'Request');
      refuseHostileText(item, key);
    }
  }
}

/** The whole-number id in the path, 1..max; anything else is `notFound()` (an id that cannot exist is not there). */
export function pathId(c: Context, name: string, max: number, notFound: () => Error): number {
  const id = Number(c.req.param(name));
  if (!Number.isSafeInteger(id) || id < 1 || id > max) throw notFound();
  return id;
}

/** Parses the query string (one value per name) against a shared schema; invalid input is a 400 naming the field. */
export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const result = v.safeParse(schema, c.req.query());
  if (!result.success) throw badRequest(firstIssue(result.issues));
  refuseHostileText(c.req.query());
  return result.output;
}
