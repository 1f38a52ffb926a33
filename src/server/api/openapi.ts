/**
 * NOTE: each routes module lists its operations here next to its handlers; /api/openapi.json is built from
 * these lists, with request bodies converted from the same valibot schemas the handlers validate with.
 */
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

export type Operation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  tag: string;
  body?: v.GenericSchema;
  /** Query parameters: a `v.object` whose entries are the parameters (values arrive as text). */
  query?: v.GenericSchema;
  signedIn?: boolean;
  responses: Record<number, string>;
};

function queryParameters(schema: v.GenericSchema) {
  const json = toJsonSchema(schema, { errorMode: 'ignore' }) as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

export function openApiDocument(operations: Operation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    // Every write of a signed-in person is held to the per-person limits (middleware/write-limits.ts).
    const limited = op.signedIn && op.method !== 'get' && !(429 in op.responses);
    const listed = limited ? { ...op.responses, 429: 'too many requests of this kind (Retry-After)' } : op.responses;
    const responses = Object.fromEntries(Object.entries(listed).map(([status, description]) => [status, { description }]));
    (paths[op.path.replace(/:(\w+)/g, '{$1}')] ??= {})[op.method] = {
      summary: op.summary,
      tags: [op.tag],
      ...(op.signedIn ? { security: [{ session: [] }] } : {}),
      ...(op.query ? { parameters: queryParameters(op.query) } : {}),
      ...(op.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(op.body, { errorMode: 'ignore' }) } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Savepoint API',
      version: '1.0.0',
      description:
        "State-changing calls need the X-CSRF-TOKEN header (value of the csrf_token cookie). A signed-in person's " +
        'writes are limited per minute by kind, and uploads to a few at once: over a limit the answer is 429 with Retry-After.',
    },
    servers: [{ url: '/api' }],
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sp_session' } } },
    paths,
  };
}
