/**
 * Hostile input on the chat calls that once got past validation: paging ids beyond what the database holds
 * (400, never a 500), and image sends that fail after the image was spooled or are cut off mid-stream (no file
 * left behind under DATA_DIR/media, spool included).
 */
import { describe, expect, it } from 'vitest';
import { CHAT_IMAGE_MAX_BYTES } from '../../src/shared/constants.ts';
import { signUp } from './support/accounts.ts';
import { befriend, createDirect, roomOf, sendText } from './support/chat.ts';
import { untilWaitingOnLock } from './support/database.ts';
import { expectError } from './support/expectations.ts';
import { fixture, storedFiles } from './support/media.ts';
import { rawMultipartRequest, streamEndlessUpload } from './support/pictures.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();

async function twoFriendsInARoom() {
  const [ann, bob] = [await signUp(app.origin), await signUp(app.origin)];
  await befriend(ann, bob);
  return { ann, room: await createDirect(ann, bob) };
}

const part = (boundary: string, name: string, filename?: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n` +
  `${filename ? 'Content-Type: image/jpeg\r\n' : ''}\r\n`;

describe('chat paging ids', () => {
  it('refuses before/after beyond a safe whole number with 400, not a database error', async () => {
    const { ann, room } = await twoFriendsInARoom();
    for (const query of ['before=99999999999999999999', `after=${'9'.repeat(400)}`, 'before=9007199254740992']) {
      expectError(await ann.client.get(`/api/chat/messages/${room}?${query}`), 400, /must be at most/);
    }
    expect((await roomOf(ann, room, '?after=0')).messages).toEqual([]);
  });
});

describe('a send racing the end of its room', () => {
  it('answers 404 when the room is deleted (its last member left) while the message goes in', async () => {
    const { ann, room } = await twoFriendsInARoom();
    const closing = app.database.connect();
    await closing.connect();
    try {
      await closing.query('begin');
      await closing.query('delete from chat_participants where room_id = $1', [room]);
      await closing.query('delete from chat_rooms where id = $1', [room]);
      const send = sendText(ann, room, 'anyone here?');
      await untilWaitingOnLock(app.database); // the request is behind the uncommitted deletion
      await closing.query('commit');
      expectError(await send, 404, 'Chat not found');
    } finally {
      await closing.end();
    }
  });
});

describe('chat image sends that fail', () => {
  it('a complete image followed by too much else is refused (413) and its spooled file removed', async () => {
    const { ann, room } = await twoFriendsInARoom();
    const filesBefore = await storedFiles(app.dataDir);
    const photo = await fixture('photo-1200x800.jpg');
    // room_id, a whole photo, then a second file part that never ends: the body passes the limit after the photo.
    const head = (boundary: string) =>
      Buffer.concat([
        Buffer.from(part(boundary, 'room_id') + `${room}\r\n` + part(boundary, 'image', 'p.jpg')),
        photo,
        Buffer.from(`\r\n${part(boundary, 'extra', 'junk.jpg')}`),
      ]);
    const answer = await streamEndlessUpload(ann.client, '/api/chat/send-message', { giveUpAfter: 2 * CHAT_IMAGE_MAX_BYTES, head });
    expect(answer.status).toBe(413);
    await expect.poll(() => storedFiles(app.dataDir)).toEqual(filesBefore);
    expect((await roomOf(ann, room)).messages).toEqual([]);
  });

  it('an image cut off mid-stream leaves no file and no message', async () => {
    const { ann, room } = await twoFriendsInARoom();
    const filesBefore = await storedFiles(app.dataDir);
    const boundary = 'cut-off-image';
    const req = rawMultipartRequest(ann.client, '/api/chat/send-message', boundary, 4 * 1024 * 1024);
    req.write(part(boundary, 'room_id') + `${room}\r\n`);
    req.write(part(boundary, 'image', 'p.jpg'));
    req.write(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600 * 1024, 0x5a)]));
    await expect.poll(async () => (await storedFiles(app.dataDir)).length).toBeGreaterThan(filesBefore.length); // spooling
    req.destroy();
    await expect.poll(() => storedFiles(app.dataDir)).toEqual(filesBefore);
    expect((await roomOf(ann, room)).messages).toEqual([]);
  });
});
