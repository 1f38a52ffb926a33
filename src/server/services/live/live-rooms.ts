/**
 * NOTE: the socket rooms of what pages follow live (ADR 045). A socket joins them only through a `watch` the
 * live service allowed (realtime/watch.ts); `isWatchRoom` tells them from a socket's own rooms (user, session).
 */
export const FEED_ROOM = 'feed';
export const postRoom = (id: number) => `post:${id}`;
export const profileRoom = (userId: number) => `profile:${userId}`;
export const gameRoom = (slug: string) => `game:${slug}`;
export const communityRoom = (slug: string) => `community:${slug}`;
/** A channel's open screens: typing there reaches them only (ADR 049), not every member's every tab. */
export const channelRoom = (roomId: number) => `channel:${roomId}`;

const WATCH_ROOM = /^(feed$|post:|profile:|game:|community:|channel:)/;
export const isWatchRoom = (room: string) => WATCH_ROOM.test(room);
