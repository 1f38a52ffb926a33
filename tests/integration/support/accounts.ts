/**
 * NOTE: creating accounts through the real API (argon2 included, ~50 ms each): use a handful per file.
 */
import { expect } from 'vitest';
import type { AuthResponse } from '../../../src/shared/api-types.ts';
import { buildRegistration, type Registration } from '../../../src/server/db/factories/users.ts';
import { newVisitor, type ApiClient } from './http-client.ts';

export type SignedUp = { client: ApiClient; registration: Registration; auth: AuthResponse };

export async function signUp(origin: string, overrides: Partial<Registration> = {}): Promise<SignedUp> {
  const client = await newVisitor(origin);
  const registration = buildRegistration(overrides);
  const res = await client.post<AuthResponse>('/api/auth/register', registration);
  expect(res.status, res.text).toBe(201);
  return { client, registration, auth: res.body };
}

/** A second, independent session of the same account (another browser). */
export async function signInElsewhere(origin: string, registration: Registration): Promise<ApiClient> {
  const client = await newVisitor(origin);
  const res = await client.post('/api/auth/login', { email: registration.email, password: registration.password });
  expect(res.status, res.text).toBe(200);
  return client;
}
