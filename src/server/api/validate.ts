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

/** No body of ours nests deeper than a few levels; a hostile one may nest thousands (each level a few bytes). */
const MAX_DEPTH = 32;

/**
 * A backstop after the field schemas (whose messages come first): no string anywhere in a body or query (keys
 * included) may hold NUL or a lone surrogate, whatever its schema says, so neither can reach PostgreSQL (NUL is an
 * error there). Names the field. Walked without recursion, and nesting beyond MAX_DEPTH is refused: a body of
 * brackets within the size limit must get a 400, not exhaust the stack.
 */
export function refuseHostileText(value: unknown, field = 'Request'): void {
  const stack: Array<{ value: unknown; field: string; depth: number }> = [{ value, field, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: item, field: name, depth } = next;
    if (typeof item === 'string') {
      if (!item.isWellFormed() || item.includes('\u0000')) throw badRequest(notAllowedMessage(name));
    } else if (item !== null && typeof item === 'object') {
      if (depth >= MAX_DEPTH) throw badRequest('Request body is nested too deeply');
      // Pushed last to first, so the first offending field in the body is the one named.
      if (Array.isArray(item)) for (const inner of item.toReversed()) stack.push({ value: inner, field: name, depth: depth + 1 });
      else
        for (const [key, inner] of Object.entries(item).reverse()) {
          stack.push({ value: inner, field: key, depth: depth + 1 });
          stack.push({ value: key, field: 'Request', depth: depth + 1 });
        }
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
