import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();

describe('API framework behaviour', () => {
  it('GET /api/health answers 200 when the database is reachable', async () => {
    const res = await app.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('serves an OpenAPI document listing every auth call', async () => {
    const res = await app.client().get<{ openapi: string; paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths['/auth/register'] ?? {})).toEqual(['post']);
    expect(Object.keys(res.body.paths['/auth/login'] ?? {})).toEqual(['post']);
    expect(Object.keys(res.body.paths['/auth/verify'] ?? {})).toEqual(['get']);
    expect(Object.keys(res.body.paths['/auth/logout'] ?? {})).toEqual(['post']);
    expect(res.body.paths['/health']).toHaveProperty('get');
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const client = app.client();
    expectError(await client.get('/api/no-such-thing'), 404);
    expectError(await client.get('/api/auth/nope'), 404);
  });

  it('refuses malformed JSON with 400', async () => {
    const client = await app.visitor();
    const res = await client.post('/api/auth/login', undefined, {
      rawBody: '{"email": "a@b.c", ',
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400, 'Request body must be valid JSON');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const client = await app.visitor();
    const res = await client.post('/api/auth/login', undefined, {
      rawBody: 'email=a@b.c&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(res, 415, 'Content-Type must be application/json');
    expectError(await client.post('/api/auth/login', undefined, { rawBody: '{}' }), 415);
    const lookalike = { rawBody: '{}', headers: { 'content-type': 'application/jsonx' } };
    expectError(await client.post('/api/auth/login', undefined, lookalike), 415);
    const withCharset = { rawBody: '{bad', headers: { 'content-type': 'application/json; charset=utf-8' } };
    expectError(await client.post('/api/auth/login', undefined, withCharset), 400, 'Request body must be valid JSON');
  });

  it('refuses a body over 64 kB with 413, announced or streamed', async () => {
    const client = await app.visitor();
    const big = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(65 * 1024) });
    expectError(await client.post('/api/auth/login', undefined, { rawBody: big, headers: { 'content-type': 'application/json' } }), 413);

    // Chunked upload without Content-Length: the limit must hold mid-stream too.
    const streamed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL('/api/auth/login', app.origin);
      const req = http.request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: client.cookieHeader(), 'x-csrf-token': client.csrfToken ?? '' },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      for (let i = 0; i < 20; i++) req.write('x'.repeat(8 * 1024));
      req.end();
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toEqual({ error: expect.any(String) });
  });

  it('labels API responses: nosniff, no caching, a request id', async () => {
    const res = await app.client().get('/api/auth/verify');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('changes nothing on GET: there is no GET route for logout', async () => {
    const client = await app.visitor();
    expectError(await client.get('/api/auth/logout'), 404);
    expectError(await client.get('/api/auth/register'), 404);
  });
});
