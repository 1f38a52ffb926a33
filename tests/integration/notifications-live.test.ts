import { afterEach, describe, expect, it } from 'vitest';
import { signInElsewhere, signUp } from './support/accounts.ts';
import { useTestServer } from './support/server.ts';
import { hearsNothing, idOf, notificationsOf } from './support/social.ts';
import { closeAllSockets, connectAs, nextEvent } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

describe('live notification push', () => {
  it('reaches every socket of the recipient (all sessions) with the stored item, and no one else', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    const annElsewhere = await signInElsewhere(app.origin, ann.registration);
    const annSockets = [await connectAs(ann.client), await connectAs(ann.client), await connectAs(annElsewhere)];
    const received = annSockets.map((s) => nextEvent(s, 'notification', 5000));
    const benHearsNothing = hearsNothing(app, await connectAs(ben.client), ben);

    const stored = await app.server.services.notifications.notify(idOf(ann), 'comment', { sender_id: idOf(ben), sender_username: 'ben' });
    expect(await Promise.all(received)).toEqual([stored, stored, stored]);
    expect((await notificationsOf(ann)).notifications).toEqual([stored]);
    await benHearsNothing();
  });

  it('pushes a row stored already viewed as viewed, without raising the unread count', async () => {
    const cat = await signUp(app.origin);
    const socket = await connectAs(cat.client);
    const received = nextEvent(socket, 'notification', 5000);
    const stored = await app.server.services.notifications.notify(idOf(cat), 'like', { title: 'seen' }, { viewed: true });
    expect(await received).toEqual({ ...stored, viewed: true });
    expect((await notificationsOf(cat)).unread_count).toBe(0);
  });
});
