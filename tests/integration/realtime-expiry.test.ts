import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.ts';
import { closeAllSockets, connectAs, nextDisconnect } from './support/sockets.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();
afterEach(closeAllSockets);

async function expireSessionIn(userId: number, seconds: number) {
  const db = app.database.connect();
  await db.connect();
  try {
    await db.query(`update sessions set expires_at = now() + make_interval(secs => $2) where user_id = $1`, [userId, seconds]);
  } finally {
    await db.end();
  }
}

describe('a socket lives no longer than its session', () => {
  it('is disconnected by the server when the session expires', async () => {
    const { client, auth } = await signUp(app.origin);
    await expireSessionIn(auth.user.user_id, 1.5);
    const socket = await connectAs(client);
    expect(await nextDisconnect(socket, 4000)).toBe('io server disconnect');
  });

  it('stays connected while the session lasts', async () => {
    const { client } = await signUp(app.origin);
    const socket = await connectAs(client);
    expect(await nextDisconnect(socket, 1500)).toBe('timeout');
  });
});
