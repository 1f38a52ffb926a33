/**
 * NOTE: a community's channels on the sockets (ADR 049). Every socket of a member is in `members:<community id>`,
 * joined when it connects (attach.ts) and whenever its person joins the community; a channel message, a typing
 * indicator or a channel change is one emit to that room, whatever the member count and however many channels.
 * Joining and leaving go through `io.in(user room)`, and so reach the person's sockets on every node (the Redis
 * adapter carries them). A socket recovering after a drop is not let back into a community it left meanwhile.
 */
import type { EventBus } from '../services/event-bus.ts';
import type { Logger } from '../logger.ts';
import { channelRoom } from '../services/live/live-rooms.ts';
import { userRoom, type RealtimeServer, type RealtimeSocket } from './attach.ts';

const MEMBERS_PREFIX = 'members:';
export const membersRoom = (communityId: number) => `${MEMBERS_PREFIX}${communityId}`;

export function deliverToMembers(io: RealtimeServer, bus: EventBus): void {
  bus.on('deliver.members', ({ communityId, exceptUsers, event, payload }) => {
    const op = io.to(membersRoom(communityId)).except(exceptUsers.map(userRoom));
    (op as { emit(event: string, payload: unknown): void }).emit(event, payload);
  });
  bus.on('members.changed', ({ communityId, joined, left, channels }) => {
    const room = membersRoom(communityId);
    if (joined.length > 0) io.in(joined.map(userRoom)).socketsJoin(room);
    if (left.length > 0) io.in(left.map(userRoom)).socketsLeave([room, ...channels.map(channelRoom)]);
  });
  bus.on('members.disbanded', ({ communityId, channels }) => {
    const rooms = [membersRoom(communityId), ...channels.map(channelRoom)];
    io.in(rooms).socketsLeave(rooms);
  });
}

/**
 * Puts a new (or recovered) socket in the members' rooms of its person's communities, and in no other. Called once it is in its user room: a join
 * or leave committing after a read reaches it through that room. The second read catches a leave that committed
 * between the first read and the join (its `socketsLeave` found the socket not yet in the room).
 */
export async function joinMembersRooms(
  socket: RealtimeSocket,
  communitiesOf: (userId: number) => Promise<number[]>,
  log: Logger,
): Promise<void> {
  try {
    const first = new Set((await communitiesOf(socket.data.userId)).map(membersRoom));
    // A recovered socket comes back in the rooms it had: those of communities left meanwhile go.
    for (const room of socket.rooms) if (room.startsWith(MEMBERS_PREFIX) && !first.has(room)) await socket.leave(room);
    if (first.size === 0) return;
    await socket.join([...first]);
    const still = new Set((await communitiesOf(socket.data.userId)).map(membersRoom));
    for (const room of first) if (!still.has(room)) await socket.leave(room);
  } catch (err) {
    log.error({ err }, 'joining the channels of a socket failed');
  }
}

type Session = { rooms: string[]; data?: { userId?: number } } | null | undefined;

/**
 * Connection state recovery replays what a dropped socket missed in the rooms it was in when it dropped, before
 * any of our code runs: a member removed from a community meanwhile would hear its channels' missed messages. Such
 * a session is not recovered (the socket starts afresh and the client catches up from the API, which checks).
 */
export function guardRecovery(io: RealtimeServer, communitiesOf: (userId: number) => Promise<number[]>, log: Logger): void {
  const adapter = io.of('/').adapter as unknown as { restoreSession: (pid: string, offset: string) => Promise<Session> };
  const restore = adapter.restoreSession.bind(adapter);
  adapter.restoreSession = async (pid, offset) => {
    const session = await restore(pid, offset);
    const had = session ? session.rooms.filter((room) => room.startsWith(MEMBERS_PREFIX)) : [];
    if (!session || had.length === 0) return session;
    try {
      const now = new Set((await communitiesOf(session.data?.userId ?? 0)).map(membersRoom));
      return had.every((room) => now.has(room)) ? session : null;
    } catch (err) {
      log.warn({ err }, 'checking a recovered socket failed');
      return null;
    }
  };
}
