import { describe, expect, it, vi } from 'vitest';
import { createTypingRelay } from '../../../src/server/realtime/typing-relay.ts';

const room = { username: 'ann', others: [2, 3], community: null };
/** Blocks never change (the listener hears every announcement and none came). */
const unchanged = () => 0;

describe('createTypingRelay', () => {
  it('relays to the audience the server knows, named from it, ignoring what the client claims', async () => {
    const audience = vi.fn(async () => room);
    const relay = createTypingRelay(audience, 1, unchanged);
    expect(await relay({ room_id: 7, username: 'admin', participants: [99], isTyping: true })).toEqual({
      userIds: [2, 3],
      community: null,
      payload: { room_id: 7, user_id: 1, username: 'ann', isTyping: true },
    });
    expect(audience).toHaveBeenCalledWith(1, 7);
  });

  it("hands a channel's typing to its community's members (the server's audience), not to ids", async () => {
    const relay = createTypingRelay(async () => ({ username: 'ann', others: [], community: 12 }), 1, unchanged);
    expect(await relay({ room_id: 7, isTyping: true })).toEqual({
      userIds: [],
      community: 12,
      payload: { room_id: 7, user_id: 1, username: 'ann', isTyping: true },
    });
  });

  it('asks for the audience once per room within a burst', async () => {
    const audience = vi.fn(async () => room);
    const relay = createTypingRelay(audience, 1, unchanged);
    for (let i = 0; i < 5; i++) await relay({ room_id: 7, isTyping: i % 2 === 0 });
    await relay({ room_id: 8, isTyping: true });
    expect(audience).toHaveBeenCalledTimes(2);
  });

  it('drops malformed payloads, rooms the sender is not in, and floods beyond ten a second', async () => {
    const relay = createTypingRelay(async (_user, roomId) => (roomId === 7 ? room : null), 1, unchanged);
    for (const bad of [null, 'x', { room_id: '7', isTyping: true }, { room_id: 0, isTyping: true }, { room_id: 7, isTyping: 'yes' }]) {
      expect(await relay(bad)).toBeNull();
    }
    expect(await relay({ room_id: 8, isTyping: true })).toBeNull();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(50_000);
    const flood = createTypingRelay(async () => room, 1, unchanged);
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await flood({ room_id: 7, isTyping: true }));
    expect(results.filter((r) => r !== null)).toHaveLength(10);
    clock.mockReturnValue(51_000);
    expect(await flood({ room_id: 7, isTyping: true })).not.toBeNull();
    clock.mockRestore();
  });

  it('never asks the database about ids beyond its integer range', async () => {
    const audience = vi.fn(async () => room);
    const relay = createTypingRelay(audience, 1, unchanged);
    for (const roomId of [2 ** 31, 2 ** 53 - 1, 1e308]) expect(await relay({ room_id: roomId, isTyping: true })).toBeNull();
    expect(audience).not.toHaveBeenCalled();
    expect(await relay({ room_id: 2 ** 31 - 1, isTyping: true })).not.toBeNull();
  });

  it('keeps only a few rooms cached: a socket naming endless rooms cannot grow it', async () => {
    const clock = vi.spyOn(Date, 'now').mockReturnValue(60_000);
    const audience = vi.fn(async () => room);
    const relay = createTypingRelay(audience, 1, unchanged);
    // Ten a second (the flood limit), all within the audience's lifetime: only the bound can drop room 1.
    for (let roomId = 1; roomId <= 20; roomId++) {
      clock.mockReturnValue(60_000 + Math.floor((roomId - 1) / 10) * 1000);
      await relay({ room_id: roomId, isTyping: true });
    }
    expect(audience).toHaveBeenCalledTimes(20);
    clock.mockReturnValue(62_000);
    await relay({ room_id: 20, isTyping: false });
    expect(audience).toHaveBeenCalledTimes(20);
    await relay({ room_id: 1, isTyping: false });
    expect(audience).toHaveBeenCalledTimes(21);
    clock.mockRestore();
  });

  it('asks again once blocks changed (a block or unblock counts from the next event), and caches nothing while blind', async () => {
    let version: number | null = 4;
    const audience = vi.fn(async () => room);
    const relay = createTypingRelay(audience, 1, () => version);
    await relay({ room_id: 7, isTyping: true });
    await relay({ room_id: 7, isTyping: true });
    expect(audience).toHaveBeenCalledTimes(1);
    version = 5;
    await relay({ room_id: 7, isTyping: true });
    await relay({ room_id: 7, isTyping: true });
    expect(audience).toHaveBeenCalledTimes(2);
    version = null;
    await relay({ room_id: 7, isTyping: true });
    await relay({ room_id: 7, isTyping: true });
    expect(audience).toHaveBeenCalledTimes(4);
    version = 6;
    await relay({ room_id: 7, isTyping: true });
    expect(audience).toHaveBeenCalledTimes(5);
  });

  it('keeps no audience read while blocks changed: the next event reads it again', async () => {
    let version = 1;
    let answer = room;
    const relay = createTypingRelay(
      async () => {
        const read = answer;
        version++; // a block announced while the audience was read
        return read;
      },
      1,
      () => version,
    );
    expect((await relay({ room_id: 7, isTyping: true }))?.userIds).toEqual([2, 3]);
    answer = { username: 'ann', others: [], community: null };
    expect((await relay({ room_id: 7, isTyping: true }))?.userIds).toEqual([]);
  });
});
