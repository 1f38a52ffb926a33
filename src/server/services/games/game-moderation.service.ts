/**
 * NOTE: moderators fix the catalogue (ADR 040): rename a game, merge a duplicate into another. Rules for callers:
 * - Staff only; anyone else gets 404 'Not found' as for every moderation call (the route checks first too).
 * - Old slugs stay as aliases, so links shared before the fix still open the game.
 * - Each fix is one transaction with its audit entry (about no person: the detail names the games).
 */
import type { GameModerationResponse } from '../../../shared/game-types.ts';
import { gameNameKey, gameSlugBase } from '../../../shared/game-values.ts';
import { isStaff } from '../../../shared/moderation-values.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, transaction, type Tx } from '../../db/transaction.ts';
import { ServiceError, badRequest, conflict } from '../../errors.ts';
import { lockGames, mergeGameRows, renameGameRow } from './game-moderation.queries.ts';
import { GAME_NOT_FOUND } from './games.service.ts';
import { freeSlug, gameByNameKey, gameBySlug, toSummary } from './games.queries.ts';
import { recordAction } from '../moderation/moderation-actions.queries.ts';
import { NOT_FOUND, type Staff } from '../moderation/moderation.service.ts';
import { plural } from '../../../shared/plural.ts';

export const TARGET_GAME_NOT_FOUND = 'Target game not found';
export const MERGE_INTO_ITSELF = 'A game cannot be merged into itself';
const CHANGED = 'Another moderator just changed this game. Try again.';
export const nameTaken = (name: string) => `Another game is already called "${name}". Merge into it instead.`;

/** The game a slug names, locked for the rest of the transaction (looked up again once locked: it may have moved). */
async function lockedGame(tx: Tx, slug: string, missing: string) {
  const first = await gameBySlug(tx, slug);
  if (!first) throw new ServiceError(404, missing);
  await lockGames(tx, [first.id]);
  const game = await gameBySlug(tx, slug);
  if (!game) throw new ServiceError(404, missing);
  if (game.id !== first.id) throw conflict(CHANGED);
  return game;
}

export function createGameModerationService(deps: { db: Db }) {
  const { db } = deps;
  const requireStaff = (me: Staff) => {
    if (!isStaff(me.role)) throw new ServiceError(404, NOT_FOUND);
  };

  return {
    async rename(me: Staff, slug: string, name: string): Promise<GameModerationResponse> {
      requireStaff(me);
      const nameKey = gameNameKey(name);
      try {
        return await transaction(db, async (tx) => {
          const game = await lockedGame(tx, slug, GAME_NOT_FOUND);
          const other = await gameByNameKey(tx, nameKey);
          if (other && other.id !== game.id) throw conflict(nameTaken(other.name));
          const base = gameSlugBase(name);
          const mine = await gameBySlug(tx, base);
          // Its own slug (or one of its old ones) is kept or taken back; else the first free one.
          const newSlug = mine?.id === game.id ? base : await freeSlug(tx, base);
          await renameGameRow(tx, game, { name, nameKey, slug: newSlug });
          const detail = `"${game.name}" (${game.slug}) → "${name}" (${newSlug})`;
          await recordAction(tx, { actorId: me.id, action: 'rename_game', target: null, detail });
          return { message: `Renamed to ${name}`, game: toSummary({ ...game, name, slug: newSlug }) };
        });
      } catch (err) {
        // Another rename or a new title took the name or slug between our look and our write.
        if (isUniqueViolation(err)) throw conflict('That name was just taken by another game. Try again.');
        throw err;
      }
    },

    async merge(me: Staff, slug: string, intoSlug: string): Promise<GameModerationResponse> {
      requireStaff(me);
      return transaction(db, async (tx) => {
        const [from0, into0] = [await gameBySlug(tx, slug), await gameBySlug(tx, intoSlug)];
        if (!from0) throw new ServiceError(404, GAME_NOT_FOUND);
        if (!into0) throw new ServiceError(404, TARGET_GAME_NOT_FOUND);
        if (from0.id === into0.id) throw badRequest(MERGE_INTO_ITSELF);
        await lockGames(tx, [from0.id, into0.id]);
        // Either may have been merged away while we waited for the locks: look both up again.
        const [from, into] = [await gameBySlug(tx, slug), await gameBySlug(tx, intoSlug)];
        if (!from) throw new ServiceError(404, GAME_NOT_FOUND);
        if (!into) throw new ServiceError(404, TARGET_GAME_NOT_FOUND);
        if (from.id !== from0.id || into.id !== into0.id) throw conflict(CHANGED);
        const moved = await mergeGameRows(tx, from, into);
        const detail = `"${from.name}" (${from.slug}) into "${into.name}" (${into.slug}): ${plural(moved.players, 'player')}, ${plural(moved.posts, 'post')} moved`;
        await recordAction(tx, { actorId: me.id, action: 'merge_game', target: null, detail });
        return { message: `${from.name} merged into ${into.name}`, game: toSummary(into) };
      });
    },
  };
}

export type GameModerationService = ReturnType<typeof createGameModerationService>;
