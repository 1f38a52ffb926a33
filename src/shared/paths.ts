/**
 * NOTE: the addresses of pages that many islands link to. Kept apart from routes.ts (the guards' table) so a page
 * that only links loads a few bytes, not the route table.
 */

/** A community's page (ADR 049). */
export const communityPath = (slug: string) => `/communities/${encodeURIComponent(slug)}`;
/** A looking-for-group post's page (ADR 052); the board is LFG_BOARD. */
export const lfgPath = (id: number) => `/lfg/${id}`;
export const LFG_BOARD = '/lfg';
/** A chat room's page (a community's channel's too). */
export const chatPath = (roomId: number) => `/chats/${roomId}`;
