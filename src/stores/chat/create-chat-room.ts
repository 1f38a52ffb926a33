/**
 * NOTE: creating a chat room (spec §2 "Create New Chat", §5; ADR 018). `createRoom` validates with the shared
 * createRoomSchema first (its first message comes back and nothing is sent), then resolves with the room to
 * go to (`created: false` when a 1-on-1 with that friend already existed) or the error to show (the server's
 * text, else a fallback). It never throws, and it refreshes the chats list.
 */
import * as v from 'valibot';
import { api, serverMessageOf } from '../../client/api.ts';
import type { CreateRoomResponse } from '../../shared/chat-types.ts';
import { type CreateRoomInput, createRoomSchema } from '../../shared/schemas/chat.ts';
import { loadRooms } from './chat-rooms.ts';

export type CreateRoomOutcome = { room_id: number; created: boolean; error?: never } | { error: string };

export async function createRoom(input: CreateRoomInput): Promise<CreateRoomOutcome> {
  const parsed = v.safeParse(createRoomSchema, input);
  if (!parsed.success) return { error: parsed.issues[0].message };
  try {
    const room = await api.post<CreateRoomResponse>('/chat/create-room', parsed.output);
    void loadRooms();
    return room;
  } catch (err) {
    return { error: serverMessageOf(err) ?? 'Failed to create chat' };
  }
}
