/**
 * The home page's first steps (src/server/services/profiles/start-steps.queries.ts): each reads as done once its
 * rule holds, for the person themselves only: a profile needs both a picture and a bio; players count a request
 * sent (even waiting), a friend or someone followed, never a request only received.
 */
import { describe, expect, it } from 'vitest';
import { signUp } from './support/accounts.ts';
import { newGame, plays } from './support/games.ts';
import { fixture, mediaForm, uploadMedia } from './support/media.ts';
import { imageForm } from './support/pictures.ts';
import { ask, idOf } from './support/social.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();
const stepsOf = (who: Awaited<ReturnType<typeof signUp>>) => app.server.services.profile.startSteps(idOf(who));

describe('start steps', () => {
  it('start undone, and each is done by its own rule', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    expect(await stepsOf(ann)).toEqual({ profile: false, games: false, players: false, post: false });

    expect((await ann.client.put('/api/profile/bio', { bio: 'Platformers' })).status).toBe(200);
    expect((await stepsOf(ann)).profile, 'a bio alone').toBe(false);
    const picture = await ann.client.upload('/api/profile/picture', imageForm(await fixture('avatar-400.png'), 'a.png', 'image/png'));
    expect(picture.status, picture.text).toBe(200);
    expect((await stepsOf(ann)).profile, 'a picture and a bio').toBe(true);

    await plays(app, ann, await newGame(app));
    expect((await stepsOf(ann)).games).toBe(true);

    expect((await ask(ben, ann)).status).toBe(201);
    expect((await stepsOf(ann)).players, 'a request received is not reaching out').toBe(false);
    expect((await stepsOf(ben)).players, 'a request sent, still waiting').toBe(true);

    const upload = await uploadMedia(ann, mediaForm(await fixture('avatar-400.png'), 'avatar-400.png', 'first'));
    expect(upload.status, upload.text).toBe(201);
    expect(await stepsOf(ann)).toEqual({ profile: true, games: true, players: false, post: true });
  });
});
