/** NOTE: friend request shapes (spec §7 "Friends"), shared by the client and the API. */
import * as v from 'valibot';
import { MAX_INT_ID, plainText, requiredObject } from './fields.ts';

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
