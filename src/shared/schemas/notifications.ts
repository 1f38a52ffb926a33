/** NOTE: paging of GET /notifications/ (query strings arrive as text). */
import * as v from 'valibot';
import { NOTIFICATION_PAGE_MAX, NOTIFICATION_PAGE_SIZE } from '../constants.ts';
import { MAX_INT_ID, queryWholeNumber } from './fields.ts';

export const notificationsPageSchema = v.object({
  before: v.optional(queryWholeNumber('before', MAX_INT_ID)),
  limit: v.optional(queryWholeNumber('limit', NOTIFICATION_PAGE_MAX), String(NOTIFICATION_PAGE_SIZE)),
});
