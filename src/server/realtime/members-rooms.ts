/**
 * NOTE: a community's channels on the sockets (ADR 049). Every socket of a member is in `members:<community id>`,
 * joined when it connects (attach.ts) and whenever its person joins the community; a channel message, a typing
 * indicator or a channel change is one emit to that room, whatever the member count and however many channels.
 * Joining and leaving go through `io.in(user room)`, and so reach the person's sockets on every node (the Redis
 * adapter carries them).
 */
import type { EventBus } from '../services/event-bus.ts';
import { userRoom, type RealtimeServer } from './attach.ts';

export const membersRoom = (communityId: number) => `members:${communityId}`;

export function deliverToMembers(io: RealtimeServer, bus: EventBus): void {
  bus.on('deliver.members', ({ communityId, exceptUsers, event, payload }) => {
    const op = io.to(membersRoom(communityId)).except(exceptUsers.map(userRoom));
    (op as { emit(event: string, payload: unknown): void }).emit(event, payload);
  });
  bus.on('members.changed', ({ communityId, joined, left }) => {
    const room = membersRoom(communityId);
    if (joined.length > 0) io.in(joined.map(userRoom)).socketsJoin(room);
    if (left.length > 0) io.in(left.map(userRoom)).socketsLeave(room);
  });
  bus.on('members.disbanded', ({ communityId }) => io.in(membersRoom(communityId)).socketsLeave(membersRoom(communityId)));
}
