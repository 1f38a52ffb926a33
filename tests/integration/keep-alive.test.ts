/**
 * An idle keep-alive connection stays open longer than the proxies in front keep theirs (nginx's upstream pool 60 s,
 * Caddy 2 min): the node closing one first races the proxy (or any client) sending its next request on it, which
 * then fails with a reset. Checked with a connection left idle past Node's 5 s default.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { KEEP_ALIVE_MS } from '../../src/server/savepoint-server.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();

/** GET `path` through `agent`; answers the status and the local port of the connection it went over. */
function get(agent: http.Agent, path: string): Promise<{ status: number; port: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${app.origin}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, port: req.socket?.localPort ?? -1 }));
    });
    req.on('error', reject);
  });
}

describe('keep-alive', () => {
  it('keeps an idle connection open past 6 s, far longer than the proxies in front do', async () => {
    expect(KEEP_ALIVE_MS).toBeGreaterThan(120_000);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(agent, '/api/health');
      await new Promise((r) => setTimeout(r, 6_000));
      const second = await get(agent, '/api/health');
      expect([first.status, second.status]).toEqual([200, 200]);
      // The same connection carried both: the node did not close it while idle.
      expect(second.port).toBe(first.port);
    } finally {
      agent.destroy();
    }
  }, 20_000);
});
