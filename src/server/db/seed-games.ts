/**
 * NOTE: the seed's games: each demo person plays a few titles (found in the catalogue when it is there, added
 * otherwise) and two demo posts are tagged with a game. Safe to run again: listed games are kept as they are and
 * posts are made only for a demo person who has none.
 */
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { GameGenre, GamePlatform } from '../../shared/game-values.ts';
import type { createServices } from '../services/index.ts';
import type { Person } from '../services/profiles/people.queries.ts';
import type { Db } from './client.ts';
import { addUserGame, ensureGame } from './factories/games.ts';
import { media } from './schema/index.ts';

type Pick = { name: string; genres: GameGenre[]; platforms: GamePlatform[]; on: GamePlatform };

const MINECRAFT: Pick = {
  name: 'Minecraft',
  genres: ['sandbox', 'survival'],
  platforms: ['steam', 'xbox', 'playstation', 'nintendo', 'mobile'],
  on: 'steam',
};
const ZELDA: Pick = {
  name: 'The Legend of Zelda: Breath of the Wild',
  genres: ['adventure', 'action'],
  platforms: ['nintendo'],
  on: 'nintendo',
};
const HOLLOW: Pick = {
  name: 'Hollow Knight',
  genres: ['platformer', 'action'],
  platforms: ['steam', 'nintendo', 'xbox', 'playstation'],
  on: 'nintendo',
};
const PORTAL: Pick = { name: 'Portal 2', genres: ['puzzle'], platforms: ['steam', 'xbox', 'playstation'], on: 'steam' };
const HALO: Pick = { name: 'Halo Infinite', genres: ['shooter'], platforms: ['xbox', 'steam'], on: 'xbox' };

/** Who plays what; the overlaps make 'Players like you' and the game pages show something. */
const PLAYS: Record<string, Pick[]> = {
  demo_ada: [MINECRAFT, PORTAL, ZELDA],
  demo_link: [ZELDA, HOLLOW, MINECRAFT],
  demo_samus: [HOLLOW, HALO, PORTAL],
  demo_chief: [HALO, MINECRAFT],
};

/** Two tagged posts: a plain coloured picture each (the seed ships no artwork). */
const POSTS: Array<{ who: string; game: Pick; caption: string; colour: string }> = [
  { who: 'demo_ada', game: PORTAL, caption: 'Finally solved the co-op chamber 6.', colour: '#3b82f6' },
  { who: 'demo_link', game: ZELDA, caption: 'Shrine skip, first try.', colour: '#16a34a' },
];

const picture = (colour: string) =>
  sharp({ create: { width: 960, height: 540, channels: 3, background: colour } })
    .png()
    .toBuffer();

export async function seedGames(services: ReturnType<typeof createServices>, db: Db, people: Record<string, Person>) {
  for (const [username, picks] of Object.entries(PLAYS)) {
    const person = people[username]!;
    const listed = await db.execute(sql`select count(*)::int as n from user_games where user_id = ${person.id}`);
    if ((listed.rows[0] as { n: number }).n > 0) continue;
    for (const pick of picks) await addUserGame(db, person.id, (await ensureGame(db, pick)).id, pick.on);
  }
  for (const post of POSTS) {
    const person = people[post.who]!;
    const [any] = await db.select({ id: media.id }).from(media).where(eq(media.userId, person.id)).limit(1);
    if (any) continue;
    const game = await ensureGame(db, post.game);
    const upload = services.uploads.begin(person.id);
    try {
      const file = await upload.receive(Readable.from(await picture(post.colour)), 'png');
      await upload.finish(file, post.caption, { game: { id: game.id, slug: game.slug }, communityId: null });
    } catch (err) {
      await upload.abort(err);
      throw err;
    }
  }
}
