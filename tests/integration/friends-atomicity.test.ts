import { afterEach, describe, expect, it } from 'vitest';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { ask, followsAmong, hearsNothing, idOf, nameOf, notificationsOf, sql } from './support/social.ts';
import { closeAllSockets, connectAs } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

/** Makes storing a notification of `type` for `who` fail inside the database, as a full disk or a bug would. */
async function breakNotifications(who: SignedUp, type: string) {
  await sql(
    app.database,
    `create or replace function fail_insert() returns trigger language plpgsql as $$ begin raise exception 'broken'; end $$`,
  );
  await sql(
    app.database,
    `create trigger fail_${idOf(who)} before insert on notifications for each row
     when (new.user_id = ${idOf(who)} and new.type = '${type}') execute function fail_insert()`,
  );
  return () => sql(app.database, `drop trigger fail_${idOf(who)} on notifications`);
}

describe('a request or acceptance is all-or-nothing with its follows and notifications', () => {
  it('a request whose notification cannot be stored leaves no request and no follow behind', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    const repair = await breakNotifications(ben, 'friend_request');
    expectError(await ask(ann, ben), 500);
    await repair();
    expect((await app.server.services.friends.relationship(idOf(ann), idOf(ben))).friendship_status).toBe('none');
    expect(await followsAmong(app.database, [ann, ben])).toEqual([]);
    expect((await ask(ann, ben)).status).toBe(201);
  });

  it('an acceptance whose second notification fails keeps the request pending, adds no follow, and pushes nothing', async () => {
    const [cat, dan] = [await signUp(app.origin), await signUp(app.origin)];
    const { request_id } = (await ask(cat, dan)).body;
    const catHearsNothing = hearsNothing(app, await connectAs(cat.client), cat);
    // Cat's row ('… accepted your friend request') is stored first; Dan's own row then fails.
    const repair = await breakNotifications(dan, 'friend_request_accepted');
    expectError(await dan.client.post('/api/friends/accept', { request_id }), 500);
    await repair();
    await catHearsNothing();
    expect((await notificationsOf(cat)).notifications.map((n) => n.type)).toEqual(['like']); // the marker only
    expect((await app.server.services.friends.relationship(idOf(cat), idOf(dan))).friendship_status).toBe('pending');
    expect(await followsAmong(app.database, [cat, dan])).toEqual([`${nameOf(cat)}>${nameOf(dan)}`]);
    expect((await dan.client.post('/api/friends/accept', { request_id })).status).toBe(200);
  });
});
