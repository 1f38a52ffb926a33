/**
 * `npm run seed`: creates a few demo accounts (known password, printed at the end) in the configured
 * database — the embedded one under DATA_DIR unless DATABASE_URL is set. Safe to run again: existing
 * accounts are kept. Payloads come from the test factories, so they pass the same validation as the API.
 */
import path from 'node:path';
import * as v from 'valibot';
import { buildRegistration } from './factories/users.ts';
import { registerSchema } from '../../shared/schemas/auth.ts';
import { loadSessionSecret } from '../auth/secrets.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { ServiceError } from '../errors.ts';
import { createEventBus } from '../services/event-bus.ts';
import { createServices } from '../services/index.ts';
import { createDiskStorage } from '../storage/disk-storage.ts';
import { findPerson } from '../services/profiles/people.queries.ts';
import { openDatabase } from './client.ts';
import { seedGames } from './seed-games.ts';

const DEMO_PASSWORD = 'savepoint-demo';
const DEMO_USERNAMES = ['demo_ada', 'demo_link', 'demo_samus', 'demo_chief'];
const DEMO_BIOS: Record<string, string> = {
  demo_ada: 'Puzzle games and long RPG nights. Always up for co-op.',
  demo_link: 'Speedrunning classic adventures. Ask me about any%.',
  demo_samus: 'Metroidvanias, sequence breaks and chill streams.',
};

/** Bios, handles, a friendship with a chat, a pending request and a follow, through the services; safe to repeat. */
async function seedSocialGraph(services: ReturnType<typeof createServices>, db: Parameters<typeof findPerson>[0]) {
  const [ada, link, samus, chief] = await Promise.all(DEMO_USERNAMES.map((name) => findPerson(db, name)));
  for (const [username, bio] of Object.entries(DEMO_BIOS)) await services.profile.setBio((await findPerson(db, username)).id, bio);
  await services.profile.setHandle(ada!.id, 'discord', 'ada#2048');
  await services.profile.setHandle(link!.id, 'steam', 'link_runs');
  await services.profile.setHandle(samus!.id, 'nintendo', 'SW-1986-0806-1994');
  const ignoreRepeat = (err: unknown) => {
    if (!(err instanceof ServiceError && err.status === 409)) throw err;
  };
  // link asks ada, and ada asking back accepts it: friends. samus asks ada: pending. chief follows samus.
  await services.friends.request(link!, ada!.username).catch(ignoreRepeat);
  await services.friends.request(ada!, link!.username).catch(ignoreRepeat);
  await services.friends.request(samus!, ada!.username).catch(ignoreRepeat);
  await services.follows.setFollowing(chief!, samus!.username, true);
  // ada and link chat 1-on-1; messages only the first time (the room is found again on repeats).
  const chat = await services.chatRooms.create(ada!, { name: '', user_ids: [link!.id], is_group: false });
  if (chat.created) {
    await services.chatMessages.send(link!.id, { roomId: chat.room_id, content: 'Race you to the first boss tonight?' });
    await services.chatMessages.send(ada!.id, { roomId: chat.room_id, content: 'You are on. 9pm, no glitches.' });
  }
}

let config;
try {
  config = loadConfig(process.env);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
try {
  const storage = await createDiskStorage(path.join(config.dataDir, 'media'));
  const secret = await loadSessionSecret(config.sessionSecret, config.dataDir);
  const services = createServices(database.db, createEventBus(), { storage, secret, limits: config.mediaLimits });
  const rows: { email: string; username: string; status: string }[] = [];
  for (const username of DEMO_USERNAMES) {
    const registration = buildRegistration({
      username,
      email: `${username}@savepoint.test`,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    });
    try {
      const session = await services.auth.register(v.parse(registerSchema, registration), 'seed');
      await services.sessions.revoke(session.tokenHash); // the seed signs nobody in
      rows.push({ email: registration.email, username, status: 'created' });
    } catch (err) {
      if (!(err instanceof ServiceError && err.status === 409)) throw err;
      rows.push({ email: registration.email, username, status: 'already there' });
    }
  }
  await seedSocialGraph(services, database.db);
  const people = Object.fromEntries(await Promise.all(DEMO_USERNAMES.map(async (name) => [name, await findPerson(database.db, name)])));
  await seedGames(services, database.db, people);
  console.log(
    `Demo accounts (password for all: ${DEMO_PASSWORD}); demo_ada and demo_link are friends with a chat, demo_samus asked demo_ada; each plays a few games`,
  );
  console.table(rows);
} catch (err) {
  console.error('Seeding failed:', err);
  process.exitCode = 1;
} finally {
  await database.close();
}
