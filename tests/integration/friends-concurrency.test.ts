import { describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.ts';
import { useTestServer } from './support/server.ts';
import { ask, followsAmong, idOf, nameOf, notificationsOf } from './support/social.ts';

const app = useTestServer();
const PAIRS = 5;

describe('requests at the same moment', () => {
  it('opposite requests end in one accepted friendship (one 201 pending, one 200 accepted), never a 500', async () => {
    for (let i = 0; i < PAIRS; i++) {
      const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
      const answers = await Promise.all([ask(ann, ben), ask(ben, ann)]);
      expect(answers.map((a) => [a.status, a.body.status]).sort(), answers.map((a) => a.text).join('\n')).toEqual([
        [200, 'accepted'],
        [201, 'pending'],
      ]);
      expect(answers[0]!.body.request_id).toBe(answers[1]!.body.request_id);
      const relationship = await app.server.services.friends.relationship(idOf(ann), idOf(ben));
      expect(relationship).toMatchObject({ friendship_status: 'accepted', friendship_id: answers[0]!.body.request_id });
      expect(await followsAmong(app.database, [ann, ben])).toEqual(
        [`${nameOf(ann)}>${nameOf(ben)}`, `${nameOf(ben)}>${nameOf(ann)}`].sort(),
      );
      // Exactly one request and one acceptance were told: the losing attempt left no notification behind.
      const types = [...(await notificationsOf(ann)).notifications, ...(await notificationsOf(ben)).notifications].map((n) => n.type);
      expect(types.sort()).toEqual(['friend_request', 'friend_request_accepted', 'friend_request_accepted']);
    }
  });

  it('the same request twice at once: one 201, one 409, one notification', async () => {
    const [cat, dan] = [await signUp(app.origin), await signUp(app.origin)];
    const answers = await Promise.all([ask(cat, dan), ask(cat, dan)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toEqual({ error: 'Friend request already sent' });
    expect((await notificationsOf(dan)).notifications).toHaveLength(1);
  });

  it('accept and reject of one request at once: exactly one wins, the other is 404', async () => {
    const [eve, fay] = [await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(eve, fay)).body;
    const [accepted, rejected] = await Promise.all([
      fay.client.post('/api/friends/accept', { request_id }),
      fay.client.delete('/api/friends/reject', { request_id }),
    ]);
    expect([accepted.status, rejected.status].sort()).toEqual([200, 404]);
    const status = (await app.server.services.friends.relationship(idOf(eve), idOf(fay))).friendship_status;
    expect(status).toBe(accepted.status === 200 ? 'accepted' : 'none');
  });
});
