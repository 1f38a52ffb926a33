// @vitest-environment happy-dom
/**
 * The socket module keeps socket.io-client out of every page's initial JS: the client is imported only once a
 * signed-in page starts the socket, and subscriptions made before it arrives still get their events.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (...args: unknown[]) => void;
const fake = vi.hoisted(() => ({
  imported: 0,
  listeners: [] as [string, Handler][],
  connects: 0,
  disconnects: 0,
}));

vi.mock('socket.io-client', () => {
  fake.imported += 1;
  return {
    io: () => ({
      on: (event: string, handler: Handler) => fake.listeners.push([event, handler]),
      off: (event: string, handler: Handler) => {
        const at = fake.listeners.findIndex(([e, h]) => e === event && h === handler);
        if (at >= 0) fake.listeners.splice(at, 1);
      },
      connect: () => (fake.connects += 1),
      disconnect: () => (fake.disconnects += 1),
      emit: () => {},
    }),
  };
});

const { $session } = await import('../../../src/stores/accounts/session.ts');
const socket = await import('../../../src/stores/socket.ts');
const deliver = (event: string, payload: unknown) => fake.listeners.filter(([e]) => e === event).forEach(([, h]) => h(payload));

describe('the socket module', () => {
  beforeEach(() => {
    fake.listeners.length = 0;
  });

  it('imports no socket client for a signed-out page, even once started, and drops emits meanwhile', async () => {
    const early: unknown[] = [];
    socket.onServerEvent('notification', (n) => early.push(n));
    socket.startRealtime();
    socket.emitToServer('typing', { room_id: 1, username: 'a', participants: [], isTyping: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.imported).toBe(0);
    expect(fake.connects).toBe(0);

    // Signing in brings the client, which connects and gets the subscription made before it existed.
    $session.setKey('isAuthenticated', true);
    await vi.waitFor(() => expect(fake.connects).toBe(1));
    expect(fake.imported).toBe(1);
    deliver('notification', { id: 1 });
    expect(early).toEqual([{ id: 1 }]);
  });

  it('attaches later subscriptions at once and detaches each on its own', () => {
    const got: unknown[] = [];
    const offFirst = socket.onServerEvent('notification', (n) => got.push(['first', n]));
    socket.onServerEvent('notification', (n) => got.push(['second', n]));
    offFirst();
    deliver('notification', { id: 2 });
    expect(got).toEqual([['second', { id: 2 }]]);
  });

  it('disconnects when the session ends', async () => {
    $session.setKey('isAuthenticated', false);
    await vi.waitFor(() => expect(fake.disconnects).toBe(1));
    expect(fake.imported).toBe(1);
  });
});
