/**
 * NOTE: the baseline for API throughput: a bare Node `http.createServer` answering a JSON body shaped like
 * /api/auth/verify's. Run as its own process by bench/run.ts; prints `listening <port>` and stops on SIGTERM.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const body = JSON.stringify({
  valid: true,
  user_id: 1,
  username: 'bench_user',
  email: 'bench@example.test',
  expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  csrf_token: 'x'.repeat(64),
});

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
