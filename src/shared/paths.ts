/**
 * NOTE: the addresses of pages that many islands link to. Kept apart from routes.ts (the guards' table) so a page
 * that only links loads a few bytes, not the route table.
 */

/** A community's page (ADR 049). */
export const communityPath = (slug: string) => `/communities/${encodeURIComponent(slug)}`;
/** A chat room's page (a community's channel's too). */
export const chatPath = (roomId: number) => `/chats/${roomId}`;
