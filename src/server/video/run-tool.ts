/**
 * NOTE: the one way ffmpeg and ffprobe run (ADR 051): never through a shell (arguments are an array), below the
 * requests' priority (`nice` 10: a node busy transcoding still answers the API), under address-space and CPU-time
 * limits (`prlimit`, from util-linux, when the system has it), killed with the node if it dies (`setpriv
 * --pdeathsig`, likewise), with none of the server's environment (no database URL, keys or secrets), with a
 * wall-time limit, and stopped at once by `signal`. Their stderr is
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
const found = (name: string) => [`/usr/bin/${name}`, `/bin/${name}`].find((file) => existsSync(file));
const PRLIMIT = found('prlimit');
const SETPRIV = found('setpriv');

/**
 * How a run failed: `exit` (the tool ran and refused: the file is the problem), `timeout`, `stopped` (the signal),
 * `start` (it could not be started: the machine is the problem).
 */
export type ToolFailure = 'exit' | 'timeout' | 'stopped' | 'start';

export class ToolFailed extends Error {
  readonly stderr: string;
  readonly failure: ToolFailure;
  constructor(message: string, stderr: string, failure: ToolFailure) {
    super(message);
    this.stderr = stderr;
    this.failure = failure;
  }
}

/** The file's own fault (it ran and refused it, or took too long): anything else is worth another try. */
export const fileAtFault = (err: unknown) => err instanceof ToolFailed && (err.failure === 'exit' || err.failure === 'timeout');

export type ToolRun = { timeoutMs: number; signal?: AbortSignal; onLine?: (line: string) => void };

/** Resolves with stdout when the tool exits 0; rejects with ToolFailed otherwise (or when stopped). */
export function runTool(file: string, args: string[], opts: ToolRun): Promise<string> {
  // The CPU limit is the kernel's own wall: a tool left running by a node killed with SIGKILL (whose timer died with
  // it) still stops, at the latest once it has used every core for its whole time.
  const cpuSeconds = Math.ceil(opts.timeoutMs / 1000) * os.availableParallelism();
  const limits = [`--as=${ADDRESS_SPACE_BYTES}`, `--cpu=${cpuSeconds}`];
  let argv = PRLIMIT ? [PRLIMIT, ...limits, '--', file, ...args] : [file, ...args];
  if (SETPRIV) argv = [SETPRIV, '--pdeathsig', 'KILL', ...argv];
  const [command, ...rest] = argv;
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new ToolFailed('stopped before it began', '', 'stopped'));
    const child = spawn(command!, rest, {
      shell: false,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
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
      reject(new ToolFailed(`could not start: ${err.message}`, '', 'start'));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', kill);
      if (code === 0) return resolve(stdout);
      const failure: ToolFailure = timedOut ? 'timeout' : opts.signal?.aborted ? 'stopped' : 'exit';
      const why = { timeout: 'took too long', stopped: 'was stopped', exit: `exited with ${code ?? signal}`, start: '' }[failure];
      reject(new ToolFailed(why, stderr, failure));
    });
  });
}
