import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** `SESSION_SECRET` when configured, else one generated on first start and kept in DATA_DIR (mode 600). */
export async function loadSessionSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'session-secret');
  const existing = await fs.readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  await fs.mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await fs.writeFile(file, secret, { mode: 0o600, flag: 'w' });
  return secret;
}
