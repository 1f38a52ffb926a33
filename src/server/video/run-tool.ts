/**
 * NOTE: the one way ffmpeg and ffprobe run (ADR 051): never through a shell (arguments are an array), below the
 * requests' priority (`nice` 10: a node busy transcoding still answers the API), under address-space and CPU-time
 * limits (`prlimit`, from util-linux, when the system has it), with a wall-time limit, and stopped at once by `signal`. Their stderr is
 * kept for the log (its last lines), never shown to anyone. Callers pass `-protocol_whitelist file` themselves
 * (it must come before each input).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';

/** Address space a tool may map: 8K HEVC decoding and x264's lookahead fit with room to spare. */
const ADDRESS_SPACE_BYTES = 4 * 2 ** 30;
const NICENESS = 10;
const STDERR_KEEP = 4096;
const PRLIMIT = ['/usr/bin/prlimit', '/bin/prlimit'].find((file) => existsSync(file));

export class ToolFailed extends Error {
  readonly stderr: string;
  readonly timedOut: boolean;
  constructor(message: string, stderr: string, timedOut = false) {
    super(message);
    this.stderr = stderr;
    this.timedOut = timedOut;
  }
}

export type ToolRun = { timeoutMs: number; signal?: AbortSignal; onLine?: (line: string) => void };

/** Resolves with stdout when the tool exits 0; rejects with ToolFailed otherwise (or when stopped). */
export function runTool(file: string, args: string[], opts: ToolRun): Promise<string> {
  // The CPU limit is the kernel's own wall: a tool left running by a node killed with SIGKILL (whose timer died with
  // it) still stops, at the latest once it has used every core for its whole time.
  const cpuSeconds = Math.ceil(opts.timeoutMs / 1000) * os.availableParallelism();
  const limits = [`--as=${ADDRESS_SPACE_BYTES}`, `--cpu=${cpuSeconds}`];
  const [command, argv] = PRLIMIT ? [PRLIMIT, [...limits, '--', file, ...args]] : [file, args];
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new ToolFailed('stopped before it began', ''));
    const child = spawn(command, argv, { shell: false, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      if (child.pid) os.setPriority(child.pid, NICENESS);
    } catch {
      // Gone already: its exit reports what happened.
    }
    let stdout = '';
    let stderr = '';
    let partial = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      if (!opts.onLine) return void (stdout += text);
      const lines = (partial + text).split('\n');
      partial = lines.pop()!;
      for (const line of lines) opts.onLine(line);
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-STDERR_KEEP);
    });
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(() => ((timedOut = true), kill()), opts.timeoutMs);
    opts.signal?.addEventListener('abort', kill, { once: true });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new ToolFailed(`could not start: ${err.message}`, ''));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', kill);
      if (code === 0) return resolve(stdout);
      const why = timedOut ? 'took too long' : opts.signal?.aborted ? 'was stopped' : `exited with ${code ?? signal}`;
      reject(new ToolFailed(why, stderr, timedOut));
    });
  });
}
