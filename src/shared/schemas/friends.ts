/** NOTE: friend request shapes (spec §7 "Friends"), shared by the client and the API. */
import * as v from 'valibot';
import { LIST_PAGE_DEFAULT, LIST_PAGE_MAX } from '../constants.ts';
import { listPageSchema, MAX_INT_ID, plainText, requiredObject, USERNAME_MAX } from './fields.ts';

export const friendRequestSchema = requiredObject({
  username: v.pipe(
    v.string('Username is required'),
    v.trim(),
    v.nonEmpty('Username is required'),
    v.maxLength(64, 'User not found'),
    plainText('Username'),
  ),
});

const requestIdField = v.pipe(
  v.number('request_id is required'),
  v.integer('request_id must be a whole number'),
  v.minValue(1, 'request_id must be a positive number'),
  v.maxValue(MAX_INT_ID, 'request_id is out of range'),
);

/** POST /friends/accept and DELETE /friends/reject. */
export const friendResponseSchema = requiredObject({ request_id: requestIdField });

/** GET /friends/ (alphabetical): a cursor is the last username of a page. */
const USERNAME_CURSOR = new RegExp(`^[A-Za-z0-9_]{1,${USERNAME_MAX}}$`);
export const friendsPageSchema = listPageSchema((c) => USERNAME_CURSOR.test(c), LIST_PAGE_DEFAULT, LIST_PAGE_MAX);
