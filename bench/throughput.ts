/**
 * NOTE: HTTP throughput with autocannon, run as its own child process (`--json`), so neither the servers nor the
 * load generator share the bench process. Every measured run is preceded by a warm-up with the same settings.
 * Loopback only: targets are servers this bench started.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export type LoadSettings = { connections: number; seconds: number; warmupSeconds: number };
export type Throughput = { requestsPerSecond: number; p99Ms: number; total: number; non2xx: number; errors: number };

const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

function autocannon(url: string, headers: Record<string, string>, connections: number, seconds: number): Promise<Throughput> {
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  const args = [autocannonBin, '-j', '-c', String(connections), '-d', String(seconds), ...headerArgs, url];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      const r = JSON.parse(out.trim().split('\n').at(-1)!) as {
        requests: { average: number; total: number };
        latency: { p99: number };
        non2xx: number;
        errors: number;
        timeouts: number;
      };
      resolve({
        requestsPerSecond: r.requests.average,
        p99Ms: r.latency.p99,
        total: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors + r.timeouts,
      });
    });
  });
}

export async function measure(url: string, headers: Record<string, string>, load: LoadSettings): Promise<Throughput> {
  await autocannon(url, headers, load.connections, load.warmupSeconds);
  const result = await autocannon(url, headers, load.connections, load.seconds);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return result;
}

export type BareServer = { url: string; pid: number; stop: () => Promise<void> };

/** Starts a bench/ script (bare-json-server.ts, bare-socket-server.ts) as a child process, with these Node flags. */
export function startBareServer(script: string, nodeFlags: string[] = []): Promise<BareServer> {
  const file = new URL(`./${script}`, import.meta.url).pathname;
  const child = spawn(process.execPath, [...nodeFlags, file], { stdio: ['ignore', 'pipe', 'pipe'] });
  // The inspector's own notices (a bench reads memory through it) are not the server's errors.
  child.stderr.on('data', (d: Buffer) => {
    const text = d
      .toString()
      .split('\n')
      .filter((line) => line && !/^(Debugger (listening|attached|ending)|For help, see)/.test(line));
    if (text.length > 0) process.stderr.write(`${text.join('\n')}\n`);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout.on('data', (d: Buffer) => {
      const port = /listening (\d+)/.exec(d.toString())?.[1];
      if (!port) return;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        pid: child.pid ?? -1,
        stop: async () => {
          if (child.pid && child.exitCode === null) process.kill(child.pid, 'SIGTERM');
          await exited;
        },
      });
    });
  });
}

export const startBareJsonServer = () => startBareServer('bare-json-server.ts');

/** Registers a fresh account through the API and returns the Cookie header of its session. */
export async function signedInCookie(origin: string): Promise<string> {
  const visitor = await fetch(`${origin}/api/auth/verify`);
  const { csrf_token: csrfToken } = (await visitor.json()) as { csrf_token: string };
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
  };
  keep(visitor);
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const id = Date.now().toString(36);
  const res = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': csrfToken, Cookie: cookieHeader() },
    body: JSON.stringify({
      email: `bench.${id}@example.test`,
      username: `bench_${id}`,
      password: 'bench-password-1',
      confirmPassword: 'bench-password-1',
      birthMonth: 1,
      birthDay: 1,
      birthYear: 1990,
    }),
  });
  if (res.status !== 201) throw new Error(`register for the bench answered ${res.status}: ${await res.text()}`);
  keep(res);
  const check = await fetch(`${origin}/api/auth/verify`, { headers: { Cookie: cookieHeader() } });
  if (check.status !== 200) throw new Error(`the bench session does not verify (${check.status})`);
  return cookieHeader();
}
