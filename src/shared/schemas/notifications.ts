/** NOTE: paging of GET /notifications/ (query strings arrive as text). */
import * as v from 'valibot';
import { NOTIFICATION_PAGE_MAX, NOTIFICATION_PAGE_SIZE } from '../constants.ts';

const positiveInteger = (name: string, max: number) =>
  v.pipe(
    v.string(),
    v.digits(`${name} must be a positive whole number`),
    v.transform(Number),
    v.integer(`${name} must be a positive whole number`),
    v.minValue(1, `${name} must be a positive whole number`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

export const notificationsPageSchema = v.object({
  before: v.optional(positiveInteger('before', 2 ** 31 - 1)),
  limit: v.optional(positiveInteger('limit', NOTIFICATION_PAGE_MAX), String(NOTIFICATION_PAGE_SIZE)),
});
