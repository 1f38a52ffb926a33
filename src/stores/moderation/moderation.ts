/**
 * NOTE: the moderation screen's calls. Plain functions over the API client (no shared state: only the
 * /moderation page uses them); each throws ApiError with the server's reason when refused.
 */
import { api } from '../../client/api.ts';
import type {
  AuditLogResponse,
  ModerationReportsResponse,
  ResolveReportResponse,
  UnsuspendResponse,
} from '../../shared/moderation-types.ts';
import type { ResolveAction } from '../../shared/moderation-values.ts';
import type { GameModerationResponse } from '../../shared/game-types.ts';

const page = (cursor: string | null) => (cursor ? `?cursor=${encodeURIComponent(cursor)}` : '');

export const fetchReports = (cursor: string | null) => api.get<ModerationReportsResponse>(`/moderation/reports${page(cursor)}`);

export const resolveReport = (id: number, action: ResolveAction, note: string) =>
  api.post<ResolveReportResponse>(`/moderation/reports/${id}/resolve`, { action, note });

export const unsuspendUser = (userId: number) => api.post<UnsuspendResponse>(`/moderation/users/${userId}/unsuspend`);

export const fetchAudit = (cursor: string | null) => api.get<AuditLogResponse>(`/moderation/audit${page(cursor)}`);

export const renameGame = (slug: string, name: string) => api.patch<GameModerationResponse>(`/moderation/games/${slug}`, { name });

export const mergeGame = (slug: string, into: string) => api.post<GameModerationResponse>(`/moderation/games/${slug}/merge`, { into });
