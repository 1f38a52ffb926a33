/**
 * NOTE: the media measures of `npm run bench` (design brief §8, issue 4): feed throughput as a ratio to the bare
 * server, feed latency at 1k and 1M posts (rows added straight into the server's embedded PostgreSQL, all pointing
 * at one real uploaded photo), and the server's RSS growth while a 199 MB video streams in (a real one, bench/clips.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import type { MediaItem, UploadResponse } from '../src/shared/api-types.ts';

const MB = 2 ** 20;

/** A signed-in cookie header's csrf_token value. */
export const csrfOf = (cookie: string) => /(?:^|; )(?:__Host-)?csrf_token=([^;]+)/.exec(cookie)?.[1] ?? '';

/** Posts one real photo through the API (so the feed has files to sign) and answers its id. */
export async function postPhoto(origin: string, cookie: string, photo: Buffer): Promise<number> {
  const form = new FormData();
  form.append('caption', 'bench');
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'bench.png');
  const res = await fetch(`${origin}/api/media/upload`, {
    method: 'POST',
    headers: { Cookie: cookie, 'X-CSRF-TOKEN': csrfOf(cookie) },
    body: form,
  });
  if (res.status !== 201) throw new Error(`bench upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { media: { id: number } }).media.id;
}

/** The embedded cluster of a production server started by the bench (unix socket in its DATA_DIR). */
export function serverDatabase(dataDir: string): pg.Pool {
  return new pg.Pool({ host: path.join(dataDir, 'run'), port: 5432, user: 'postgres', database: 'savepoint', max: 2 });
}

/** Copies post `templateId` until the table holds `total` posts, with a comment on every 10th and likes on some. */
export async function growPosts(db: pg.Pool, templateId: number, total: number): Promise<void> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from media');
  const missing = total - rows[0]!.n;
  if (missing <= 0) return;
  await db.query(
    `insert into media (user_id, media_type, caption, file_key, file_mime, file_bytes, thumb_key, width, height, likes_count, comments_count)
     select user_id, media_type, 'bench post ' || g, file_key, file_mime, file_bytes, thumb_key, width, height, g % 7, 0
     from media, generate_series(1, $2) as g where id = $1`,
    [templateId, missing],
  );
  await db.query(
    `insert into media_comments (media_id, user_id, content) select id, user_id, 'gg' from media where id % 10 = 0 and comments_count = 0`,
  );
  await db.query(`update media set comments_count = 1 where id % 10 = 0 and comments_count = 0`);
  await db.query('analyze media; analyze media_comments; analyze media_likes');
}

export type Latency = { medianMs: number; p95Ms: number };

/** Sequential GETs (one connection, like one person scrolling): median and p95 over `times` requests. */
export async function latency(url: string, cookie: string, times = 200): Promise<Latency> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const took: number[] = [];
  for (let i = 0; i < times + 20; i++) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers: { Cookie: cookie } }, (res) => {
          if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
          res.resume().on('end', resolve);
        })
        .on('error', reject);
    });
    if (i >= 20) took.push(performance.now() - started); // the first 20 warm up
  }
  agent.destroy();
  took.sort((a, b) => a - b);
  const at = (q: number) => Math.round(took[Math.min(took.length - 1, Math.floor(q * took.length))]! * 100) / 100;
  return { medianMs: at(0.5), p95Ms: at(0.95) };
}

/** The server's resident memory now (Linux /proc). */
export const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Posts a video file as a stream (never whole in memory here) and answers the new post's id. */
export async function postVideo(origin: string, cookie: string, file: string): Promise<number> {
  const boundary = 'bench-upload-boundary';
  return new Promise<number>((resolve, reject) => {
    const req = http.request(`${origin}/api/media/upload`, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-CSRF-TOKEN': csrfOf(cookie), 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('response', async (res) => {
      const body = Buffer.concat(await res.toArray()).toString();
      if (res.statusCode !== 201) return reject(new Error(`uploading ${path.basename(file)} answered ${res.statusCode}: ${body}`));
      resolve((JSON.parse(body) as UploadResponse).media.id);
    });
    req.on('error', reject);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const source = fs.createReadStream(file);
    source.pipe(req, { end: false });
    source.on('end', () => req.end(`\r\n--${boundary}--\r\n`));
    source.on('error', reject);
  });
}

/** Waits until the media pipeline has made the post ready (ADR 051); fails when it was refused. */
export async function untilReady(origin: string, cookie: string, id: number, timeoutMs = 900_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${origin}/api/media/${id}`, { headers: { Cookie: cookie } });
    if (res.status === 404) throw new Error(`post ${id} was refused by the media pipeline (see the server log)`);
    if (((await res.json()) as MediaItem).status === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`post ${id} was not ready in ${timeoutMs / 1000} s`);
}

/**
 * Streams a video upload to the server while sampling its RSS every 10 ms: peak minus before, and the upload's
 * bytes. Then waits until the post is processed, so the next measure starts on a quiet server.
 */
export async function uploadRssGrowth(
  origin: string,
  cookie: string,
  pid: number,
  file: string,
): Promise<{ growthMb: number; seconds: number; fileBytes: number }> {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
  const started = performance.now();
  let id: number;
  try {
    id = await postVideo(origin, cookie, file);
  } finally {
    clearInterval(sampler);
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  await untilReady(origin, cookie, id);
  return { growthMb: Math.round(((peak - before) / MB) * 10) / 10, seconds, fileBytes: fs.statSync(file).size };
}
