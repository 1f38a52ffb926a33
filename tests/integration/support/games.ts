/** NOTE: helpers for the games tests: catalogue rows straight into the database, and suspension by SQL. */
import { addUserGame, insertGame, type GameSeed } from '../../../src/server/db/factories/games.ts';
import type { GameRow } from '../../../src/server/db/schema/index.ts';
import type { GamePlatform } from '../../../src/shared/schemas/games.ts';
import type { SignedUp } from './accounts.ts';
import type { TestServer } from './server.ts';
import { idOf, sql } from './social.ts';

type App = Pick<TestServer, 'server' | 'database'>;

export const newGame = (app: App, seed: GameSeed = {}): Promise<GameRow> => insertGame(app.server.database.db, seed);

export const plays = (app: App, who: SignedUp, game: GameRow, platform: GamePlatform = 'steam') =>
  addUserGame(app.server.database.db, idOf(who), game.id, platform);

export const suspend = (app: App, who: SignedUp) => sql(app.database, 'update users set suspended_at = now() where id = $1', [idOf(who)]);
