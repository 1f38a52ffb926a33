/**
 * NOTE: the media measures of `npm run bench` (design brief §8, issue 4): feed throughput as a ratio to the bare
 * server, feed latency at 1k and 1M posts (rows added straight into the server's embedded PostgreSQL, all pointing
 * at one real uploaded photo), and the server's RSS growth while a 199 MB video streams in.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';

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

/** A valid ISO BMFF file of about `bytes`: ftyp, one big mdat of zeros, then moov. Generated as it is sent. */
const MP4_FTYP_BYTES = 28;
const mp4Bytes = (bytes: number) => MP4_FTYP_BYTES + 8 + (bytes - 64 * 1024) + 8 + 1024;
function* syntheticMp4(bytes: number): Generator<Buffer> {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  yield box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
  const mdatBody = bytes - 64 * 1024;
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + mdatBody);
  head.write('mdat', 4, 'latin1');
  yield head;
  const block = Buffer.alloc(MB);
  for (let left = mdatBody; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left);
  yield box('moov', Buffer.alloc(1024));
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/**
 * Streams a `bytes`-sized video upload to the server while sampling its RSS every 10 ms: peak minus before, and
 * the size of the file sent (what the store must hold once the upload has answered).
 */
export async function uploadRssGrowth(
  origin: string,
  cookie: string,
  pid: number,
  bytes: number,
): Promise<{ growthMb: number; seconds: number; fileBytes: number }> {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
  const boundary = 'bench-upload-boundary';
  const started = performance.now();
  try {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${origin}/api/media/upload`, {
        method: 'POST',
        headers: { Cookie: cookie, 'X-CSRF-TOKEN': csrfOf(cookie), 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      });
      req.on('response', (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0)));
      req.on('error', reject);
      const parts = (function* () {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
        );
        yield* syntheticMp4(bytes);
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })();
      const pump = () => {
        for (let next = parts.next(); !next.done; next = parts.next()) if (!req.write(next.value)) return void req.once('drain', pump);
        req.end();
      };
      pump();
    });
    if (status !== 201) throw new Error(`the ${Math.round(bytes / MB)} MB upload answered ${status}`);
  } finally {
    clearInterval(sampler);
  }
  return {
    growthMb: Math.round(((peak - before) / MB) * 10) / 10,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    fileBytes: mp4Bytes(bytes),
  };
}
