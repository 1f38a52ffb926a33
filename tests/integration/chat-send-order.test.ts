import { describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.ts';
import { befriend, createGroup, roomsOf, sendText } from './support/chat.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();

// Sends to one room may commit in any order: the room's latest message and the sender's read mark only move forward.
describe('many sends to one room at once', () => {
  it('the chats list shows the newest message, and nobody’s own messages count as unread', async () => {
    const [me, ann] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(me, ann);
    const room = await createGroup(me, 'rush', [ann]);
    const sent = await Promise.all(
      Array.from({ length: 24 }, (_, i) => sendText(i % 2 === 0 ? me : ann, room, `m${i}`, `rush-client-${i}`)),
    );
    for (const res of sent) expect(res.status, res.text).toBe(201);
    const newest = sent.map((r) => r.body.message).reduce((a, b) => (b.id > a.id ? b : a));
    const mine = sent.filter((_, i) => i % 2 === 0).map((r) => r.body.message.id);
    const hers = sent.filter((_, i) => i % 2 === 1).map((r) => r.body.message.id);
    const [myRoom] = (await roomsOf(me)).filter((r) => r.id === room);
    const [herRoom] = (await roomsOf(ann)).filter((r) => r.id === room);
    expect(myRoom!.lastMessage?.content).toBe(newest.content);
    expect(herRoom!.lastMessage?.content).toBe(newest.content);
    // Unread = the others' messages after my newest own one (my read mark moved there when I sent it).
    expect(myRoom!.unread_count).toBe(hers.filter((id) => id > Math.max(...mine)).length);
    expect(herRoom!.unread_count).toBe(mine.filter((id) => id > Math.max(...hers)).length);
  });
});
