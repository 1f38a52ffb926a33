import { expect } from 'vitest';
import type { ApiResponse } from './http-client.ts';

/** Stack frames or file paths that must never reach a client. */
const LEAK = /\bat\s+\S+\s+\(|node_modules|\.ts:\d+|\.js:\d+|Error:\s|\n\s+at\s/;

/** The brief's error shape: exactly `{ error: string }`, JSON, the given status, nothing internal. */
export function expectError(res: ApiResponse, status: number, message?: string | RegExp) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  // `field` may follow, naming the body's input at fault (ServiceError.of).
  const keys = Object.keys(res.body as object);
  expect(keys[0]).toBe('error');
  expect(keys.slice(1).filter((k) => k !== 'field')).toEqual([]);
  const { error } = res.body as { error: unknown };
  expect(typeof error).toBe('string');
  if (message !== undefined) expect(error).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  expect(res.text).not.toMatch(LEAK);
}
