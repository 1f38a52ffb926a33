/**
 * NOTE: for happy-dom test files. A stand-in for what may answer at the page's origin instead of our API: a
 * proxy's HTML error page, an empty 204, a stalled upstream, or nothing at all. It is real HTTP on 127.0.0.1,
 * so the client's real fetch talks to it; `visit(origin)` points the page there (relative /api URLs land on it).
 * Set `respond` per test; every request is recorded with its headers and body.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Recorded = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
type Respond = (req: Recorded, res: http.ServerResponse) => void;

export type StandIn = { origin: string; requests: Recorded[]; respond: Respond; close(): Promise<void> };

export async function startStandIn(): Promise<StandIn> {
  const standIn: StandIn = {
    origin: '',
    requests: [],
    respond: (_req, res) => res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"Not found"}'),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      standIn.requests.push(recorded);
      standIn.respond(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}

/** An origin where nothing listens: every request fails at the network level. */
export async function deadOrigin(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** Points the happy-dom page at `url` (same tab, so cookies for the host stay). */
export function visit(url: string): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url.endsWith('/') ? url : `${url}/`);
}

/** Removes the csrf_token cookie the previous test may have left (cookies are per host, not per port). */
export function clearCsrfCookie(): void {
  document.cookie = 'csrf_token=; Path=/; Max-Age=0';
}

export const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

/**
 * happy-dom expires a `Max-Age=0` cookie at the current millisecond, so it lingers (with an empty value) until
 * the clock ticks; browsers drop it at once. Await this before reading cookies after an expiry.
 */
export const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));
