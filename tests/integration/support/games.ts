/** NOTE: helpers for the games tests: catalogue rows straight into the database, and suspension by SQL. */
import { addUserGame, insertGame, type GameSeed } from '../../../src/server/db/factories/games.ts';
import type { GameRow } from '../../../src/server/db/schema/index.ts';
import type { GamePlatform } from '../../../src/shared/game-values.ts';
import type { SignedUp } from './accounts.ts';
import type { TestServer } from './server.ts';
import { fixture, mediaForm, uploadMedia } from './media.ts';
import { idOf, sql } from './social.ts';

type App = Pick<TestServer, 'server' | 'database'>;

export const newGame = (app: App, seed: GameSeed = {}): Promise<GameRow> => insertGame(app.server.database.db, seed);

export const plays = (app: App, who: SignedUp, game: GameRow, platform: GamePlatform = 'steam') =>
  addUserGame(app.server.database.db, idOf(who), game.id, platform);

export const suspend = (app: App, who: SignedUp) => sql(app.database, 'update users set suspended_at = now() where id = $1', [idOf(who)]);

/** Uploads a small photo tagged with `game` (a slug); answers the raw response. */
export async function uploadTagged(who: SignedUp, game: string, caption = 'clip') {
  const file = mediaForm(await fixture('avatar-400.png'), 'avatar-400.png', caption);
  const form = new FormData();
  form.append('caption', caption);
  form.append('game', game);
  form.append('file', file.get('file')!);
  return uploadMedia(who, form);
}
