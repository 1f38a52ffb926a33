/**
 * NOTE: the media pipeline's measures (`npm run bench`, section `video`; issue 23, ADR 051), on a production server
 * of its own with one media worker, its uploads made of real clips (bench/clips.ts):
 * - the pipeline's wall time on a minute of 1080p HEVC (from the upload's answer to the post being ready: copy in,
 *   probe, transcode, poster, storing) against the same ffmpeg command run bare on the same file (≤ 1.15×);
 * - the Node process's peak RSS growth during that transcode (≤ 64 MB: ffmpeg is a process of its own);
 * - the API's p95 (GET /api/media/feed, one person scrolling) while one transcode runs, against idle (≤ 2×);
 * - the time from upload to ready for a 100 MB H.264 file, which is only remuxed (informational).
 */
import { performance } from 'node:perf_hooks';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startProductionServer } from '../tests/e2e/support/production-server.ts';
import { planVideo } from '../src/server/video/plan.ts';
import { probeVideo } from '../src/server/video/probe.ts';
import { runTool } from '../src/server/video/run-tool.ts';
import { VIDEO_THREADS } from '../src/server/jobs/media-workers.ts';
import { benchClips } from './clips.ts';
import { latency, postVideo, rssOf, untilReady } from './media.ts';
import { signedInCookie } from './throughput.ts';

const WALL_BUDGET = 1.15;
const RSS_BUDGET_MB = 64;
const P95_BUDGET = 2;
const MB = 2 ** 20;
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** The command the pipeline runs for this file, run bare (no nice, no limits, nothing around it): its wall time. */
async function bareTranscode(clip: string, tools: Awaited<ReturnType<typeof benchClips>>['tools']): Promise<number> {
  const plan = planVideo(await probeVideo(tools.ffprobe, clip, 'mp4'), 600, VIDEO_THREADS);
  if (plan.kind === 'refused') throw new Error(`the bench clip was refused: ${plan.reason}`);
  const out = path.join(os.tmpdir(), `bench-bare-${process.pid}.mp4`);
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-protocol_whitelist', 'file', '-f', 'mov', '-i', `file:${clip}`];
  const started = performance.now();
  await runTool(tools.ffmpeg, [...args, ...plan.args, '-f', 'mp4', `file:${out}`], { timeoutMs: 3_600_000 });
  const took = performance.now() - started;
  await fs.rm(out, { force: true });
  return took;
}

export async function measureVideo(logFile: string, logLevel: string): Promise<{ rows: string[][]; failures: string[] }> {
  const clips = await benchClips();
  const bareMs = await bareTranscode(clips.hevcMinute, clips.tools);
  const server = await startProductionServer({ logFile, logLevel, env: { MEDIA_WORKERS: '1', RATE_LIMIT_UPLOADS: '1000' } });
  const rows: string[][] = [];
  const failures: string[] = [];
  try {
    const cookie = await signedInCookie(server.origin);
    const feed = `${server.origin}/api/media/feed`;
    const idle = await latency(feed, cookie, 300);

    // 100 MB of H.264 + AAC: remuxed only. From the first byte sent to ready. It also warms the server (its heap, sharp
    // and the queue's first job), so what follows measures one transcode on a server already working, not its start.
    const sentAt = performance.now();
    const big = await postVideo(server.origin, cookie, clips.h264Mb100);
    const answeredAt = performance.now();
    await untilReady(server.origin, cookie, big);
    const doneAt = performance.now();
    const remuxRow = [
      'Upload to ready, 100 MB H.264 + AAC MP4 (remux only)',
      `${seconds(doneAt - sentAt)} s (upload ${seconds(answeredAt - sentAt)} s, processing ${seconds(doneAt - answeredAt)} s)`,
      'informational',
      '',
    ];
    // The minute of HEVC on a quiet server: its wall time and the server's RSS meanwhile.
    const before = rssOf(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 20);
    const id = await postVideo(server.origin, cookie, clips.hevcMinute);
    const started = performance.now();
    await untilReady(server.origin, cookie, id);
    const pipelineMs = performance.now() - started;
    clearInterval(sampler);
    const growthMb = Math.round(((peak - before) / MB) * 10) / 10;

    // Again, with one person scrolling the feed once the transcode has begun.
    const again = await postVideo(server.origin, cookie, clips.hevcMinute);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const busy = await latency(feed, cookie, 300);
    await untilReady(server.origin, cookie, again);

    const wall = pipelineMs / bareMs;
    rows.push([
      'Media pipeline wall time, 60 s 1080p HEVC .mov (answer to ready) vs the same ffmpeg command run bare',
      `${seconds(pipelineMs)} s vs ${seconds(bareMs)} s`,
      `${wall.toFixed(2)}× (budget ≤ ${WALL_BUDGET}×)`,
      wall <= WALL_BUDGET ? 'ok' : 'OVER',
    ]);
    rows.push([
      'Server (Node) peak RSS growth while it transcodes that minute',
      `${growthMb} MB`,
      `budget ≤ ${RSS_BUDGET_MB} MB`,
      growthMb <= RSS_BUDGET_MB ? 'ok' : 'OVER',
    ]);
    const p95 = busy.p95Ms / idle.p95Ms;
    rows.push([
      'API p95 (GET /api/media/feed, sequential) while one transcode runs vs idle',
      `${busy.p95Ms} ms (median ${busy.medianMs}) vs ${idle.p95Ms} ms (median ${idle.medianMs})`,
      `${p95.toFixed(2)}× (budget ≤ ${P95_BUDGET}×)`,
      p95 <= P95_BUDGET ? 'ok' : 'OVER',
    ]);
    rows.push(remuxRow);

    for (const [label, ok, text] of [
      [rows[0]![0]!, wall <= WALL_BUDGET, `${wall.toFixed(2)}× is over ${WALL_BUDGET}×`],
      [rows[1]![0]!, growthMb <= RSS_BUDGET_MB, `${growthMb} MB is over ${RSS_BUDGET_MB} MB`],
      [rows[2]![0]!, p95 <= P95_BUDGET, `${p95.toFixed(2)}× is over ${P95_BUDGET}×`],
    ] as const) {
      if (!ok) failures.push(`${label}: ${text}.`);
    }
  } finally {
    await server.stop();
  }
  return { rows, failures };
}
