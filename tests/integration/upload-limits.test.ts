import { describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { fixture, mediaForm, post, storedFiles, untilProcessed, uploadMedia } from './support/media.ts';
import { imageForm, rawMultipartRequest, streamEndlessUpload, uploadNeverEnding } from './support/pictures.ts';
import { useTestServer } from './support/server.ts';
import { idOf, sql } from './support/social.ts';

// Two uploads at once per person, and 1 MB of stored posts each, so both limits are reached in a few calls.
const app = useTestServer({ UPLOAD_CONCURRENCY: '2', MEDIA_QUOTA_MB: '1' });
const MB = 2 ** 20;
const CLIP = 'clip-6s-480x270.mp4';

const postsOf = async (who: SignedUp) =>
  (await sql<{ n: number }>(app.database, 'select count(*)::int as n from media where user_id = $1', [idOf(who)]))[0]!.n;
const liveSlots = async (who: SignedUp) =>
  (
    await sql<{ n: number }>(
      app.database,
      `select count(*)::int as n from rate_limits where key like 'upload-slot:' || $1 || ':%' and window_ends_at > now()`,
      [String(idOf(who))],
    )
  )[0]!.n;

/** An upload that sends its first bytes and then waits: it holds a slot until destroyed. */
function stalledUpload(who: SignedUp) {
  const boundary = `stalled-${Math.random().toString(36).slice(2)}`;
  const req = rawMultipartRequest(who.client, '/api/media/upload', boundary);
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`);
  req.write(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64 * 1024)]));
  return req;
}

const expectBusy = (res: Parameters<typeof expectError>[0]) => {
  expectError(res, 429, 'You already have 2 uploads in progress: wait for one to finish, then try again.');
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
};

describe('concurrent uploads per person', () => {
  it('refuses a third upload while two are in flight (posts, chat images and pictures alike); others are unaffected', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    const png = await fixture('avatar-400.png');
    const first = stalledUpload(ann);
    const second = stalledUpload(ann);
    await expect.poll(() => liveSlots(ann)).toBe(2);

    expectBusy(await uploadMedia(ann, mediaForm(png, 'a.png')));
    expectBusy(await ann.client.upload('/api/profile/picture', imageForm(png, 'me.png', 'image/png')));
    const chatImage = imageForm(png, 'x.png', 'image/png', 'image');
    chatImage.append('room_id', '1');
    expectBusy(await ann.client.upload('/api/chat/send-message', chatImage));
    expect((await uploadMedia(ben, mediaForm(png, 'b.png'))).status).toBe(201);

    // A client that goes away gives its slot back.
    first.destroy();
    await expect.poll(() => liveSlots(ann)).toBe(1);
    expect((await uploadMedia(ann, mediaForm(png, 'a.png'))).status).toBe(201);
    second.destroy();
    await expect.poll(() => liveSlots(ann)).toBe(0);
  });

  it('lets exactly two of five simultaneous uploads in', async () => {
    const eve = await signUp(app.origin);
    const requests = Array.from({ length: 5 }, () => stalledUpload(eve));
    const answers: number[] = [];
    for (const req of requests) req.on('response', (res) => answers.push(res.statusCode ?? 0));
    await expect.poll(() => answers).toEqual([429, 429, 429]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answers).toHaveLength(3); // the other two are still streaming, each in its slot
    expect(await liveSlots(eve)).toBe(2);
    for (const req of requests) req.destroy();
    await expect.poll(() => liveSlots(eve)).toBe(0);
  });

  it('gives the slot back after every refusal and success', async () => {
    const cat = await signUp(app.origin);
    for (let i = 0; i < 3; i++) expectError(await uploadMedia(cat, mediaForm('not a picture', 'a.png')), 415);
    const endless = await streamEndlessUpload(cat.client, '/api/media/upload', { giveUpAfter: 64 * MB });
    expect(endless.status).toBe(413);
    await post(cat);
    await expect.poll(() => liveSlots(cat)).toBe(0);
  });

  it('counts slots held by any node until their lease lapses (a crashed node holds nothing for long)', async () => {
    const dan = await signUp(app.origin);
    const png = await fixture('avatar-400.png');
    const hold = (expires: string) =>
      sql(
        app.database,
        `insert into rate_limits (key, count, window_ends_at) select 'upload-slot:' || $1 || ':' || n, 7, now() + $2::interval
         from generate_series(0, 1) n on conflict (key) do update set window_ends_at = excluded.window_ends_at`,
        [String(idOf(dan)), expires],
      );
    await hold('1 minute');
    expectBusy(await uploadMedia(dan, mediaForm(png, 'a.png')));
    await hold('-1 second');
    expect((await uploadMedia(dan, mediaForm(png, 'a.png'))).status).toBe(201);
  });
});

describe('storage quota per person', () => {
  it('refuses the post that would go over the quota while it streams, saying how much is used; nothing is kept', async () => {
    const [gus, hal] = [await signUp(app.origin), await signUp(app.origin)];
    const clip = await fixture(CLIP);
    for (let i = 0; i < 4; i++) await post(gus, CLIP);
    const filesBefore = await storedFiles(app.dataDir);

    const overQuota = `This file does not fit in your storage: your posts use 0.8 MB of your 1 MB, so 0.1 MB is left. Delete some posts to make room.`;
    expectError(await uploadMedia(gus, mediaForm(clip, 'clip.mp4')), 413, overQuota);
    // A clip past the room left (well within the video limit) whose body never ends: a server that judged it only
    // once the whole body arrived would never answer (the test times out), however fast or slow the host.
    const endless = await uploadNeverEnding(gus.client, '/api/media/upload', { fileBytes: 2 * MB, fileStart: clip.subarray(0, 64 * 1024) });
    expect(endless).toEqual({ status: 413, body: { error: overQuota } });
    await expect.poll(() => storedFiles(app.dataDir)).toEqual(filesBefore);
    expect(await postsOf(gus)).toBe(4);
    expect((await uploadMedia(hal, mediaForm(clip, 'clip.mp4'))).status).toBe(201);
  });

  it('of two uploads at once that fit the room left only one at a time, stores one and refuses the other; nothing else goes', async () => {
    const jay = await signUp(app.origin);
    const clip = await fixture(CLIP);
    const kept = await post(jay, CLIP);
    // 400 kB left: room for one more clip (227 kB), not two.
    await sql(app.database, 'update media set file_bytes = $1 where id = $2', [MB - 400 * 1024, kept.id]);
    const filesBefore = await storedFiles(app.dataDir);
    const writer = app.database.connect();
    await writer.connect();
    let answers: number[];
    let refusal: Parameters<typeof expectError>[0] | undefined;
    try {
      // Posts are written only once both uploads have been received, processed and checked against the quota.
      await writer.query('begin');
      await writer.query('lock table media in share mode');
      const both = Promise.all([uploadMedia(jay, mediaForm(clip, 'a.mp4')), uploadMedia(jay, mediaForm(clip, 'b.mp4'))]);
      // Asked on connections of their own: a transaction sees pg_stat_activity as it was at its first look.
      const waiting = async () =>
        (
          await sql<{ n: number }>(
            app.database,
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          )
        )[0]!.n;
      for (let i = 0; i < 400 && (await waiting()) < 2; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await waiting()).toBe(2);
      await writer.query('commit');
      const results = await both;
      answers = results.map((r) => r.status).sort();
      refusal = results.find((r) => r.status === 413);
    } finally {
      await writer.end();
    }
    expect(answers).toEqual([201, 413]);
    expectError(
      refusal!,
      413,
      'This file does not fit in your storage: your posts use 0.8 MB of your 1 MB, so 0.1 MB is left. Delete some posts to make room.',
    );
    expect(await postsOf(jay)).toBe(2);
    expect((await sql(app.database, 'select id from media where id = $1', [kept.id])).length).toBe(1);
    // The stored clip is three new files once processed (the video, its poster and thumbnail; the upload went, ADR
    // 051); the refused one left none (its spooled and stored copies are gone).
    await untilProcessed(app);
    await expect.poll(async () => (await storedFiles(app.dataDir)).length).toBe(filesBefore.length + 3);
    expect(await storedFiles(app.dataDir)).toEqual(expect.arrayContaining(filesBefore));
  });

  it('refuses any post once the quota is used up, and takes posts again after a deletion', async () => {
    const ivy = await signUp(app.origin);
    const png = await fixture('avatar-400.png');
    const kept = [await post(ivy), await post(ivy)];
    await sql(app.database, 'update media set file_bytes = $1 where id = $2', [MB - 1000, kept[0]!.id]);
    await sql(app.database, 'update media set file_bytes = 1000 where id = $1', [kept[1]!.id]);
    const filesBefore = await storedFiles(app.dataDir);
    expectError(
      await uploadMedia(ivy, mediaForm(png, 'a.png')),
      413,
      'Your storage is full: your posts use 1 MB of your 1 MB. Delete some posts to upload more.',
    );
    await expect.poll(() => storedFiles(app.dataDir)).toEqual(filesBefore);
    expect(await postsOf(ivy)).toBe(2);

    expect((await ivy.client.delete(`/api/media/${kept[0]!.id}`)).status).toBe(200);
    expect((await uploadMedia(ivy, mediaForm(png, 'a.png'))).status).toBe(201);
  });
});
