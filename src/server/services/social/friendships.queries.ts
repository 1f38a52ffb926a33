/**
 * NOTE: SQL shared by everything that touches the friendship of two people (friends, blocks). A pair has at most
 * one row, whoever asked first: match it with `pairIs`, never with requester/addressee in one order.
 */
import { sql } from 'drizzle-orm';
import { friendships } from '../../db/schema/index.ts';

/** The pair in either order, matched the way the unique index on the pair is built. */
export const pairIs = (a: number, b: number) =>
  sql`least(${friendships.requesterId}, ${friendships.addresseeId}) = ${Math.min(a, b)}
    and greatest(${friendships.requesterId}, ${friendships.addresseeId}) = ${Math.max(a, b)}`;
