/**
 * NOTE: a real Debian `redis-server` per test file, on a free loopback port, with no persistence (nothing is
 * written to disk). `stop()` ends it by PID and `start()` brings it back on the same port, empty, as a restarted
 * non-persistent Redis would be. Call `stop()` in afterAll.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { freePort } from './processes.ts';

export type TestRedis = { url: string; port: number; start(): Promise<void>; stop(): Promise<void> };

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', os.tmpdir()];
  const redis: TestRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      const started = spawn('redis-server', args, { stdio: 'ignore' });
      child = started;
      const failed = new Promise<never>((_, reject) => started.once('error', reject));
      await Promise.race([failed, waitForPort(port)]);
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running?.pid || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      process.kill(running.pid, 'SIGTERM');
      await exited;
    },
  };
  await redis.start();
  return redis;
}

async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server did not listen on ${port} within ${timeoutMs} ms`);
}
