/**
 * NOTE: the VAPID key pair that signs every push (ADR 053): the configured one, or one generated on first start and
 * kept in DATA_DIR/vapid-keys.json (mode 600). Browsers subscribe with the public key, so changing it strands every
 * subscription: several nodes must be given the same pair (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

export type VapidKeys = { publicKey: string; privateKey: string };

const isKeys = (k: unknown): k is VapidKeys =>
  typeof k === 'object' && k !== null && typeof (k as VapidKeys).publicKey === 'string' && typeof (k as VapidKeys).privateKey === 'string';

export async function loadVapidKeys(configured: VapidKeys | undefined, dataDir: string): Promise<VapidKeys> {
  if (configured) return configured;
  const file = path.join(dataDir, 'vapid-keys.json');
  const read = async () => {
    const parsed: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    if (!isKeys(parsed)) throw new Error(`${file} does not hold a VAPID key pair: delete it to make a new one`);
    return parsed;
  };
  try {
    return await read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    // 'wx': a second process starting on the same folder at the same moment keeps the first one's pair.
    await fs.writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw err;
  }
}
