/**
 * NOTE: sending a report (ADR 025). Throws ApiError on failure: show `serverMessageOf(err)` when present (already
 * reported, or the thing is gone or hidden), else REPORT_FAILED. Nothing is cached: a report changes nothing the
 * reporter sees.
 */
import { api } from '../../client/api.ts';
import type { ReportCreatedResponse } from '../../shared/moderation-types.ts';
import type { ReportInput } from '../../shared/schemas/moderation.ts';

export const REPORT_FAILED = 'Failed to send the report';
export const REPORT_THANKS = 'Thanks — the moderators will look at it';

export const sendReport = (report: ReportInput) => api.post<ReportCreatedResponse>('/reports', report);
