/**
 * The chat room's pure parts: merging messages by id (live events, history pages and catch-ups overlap), client
 * ids the server accepts and the typing line (the bubbles' times and day separators: times.test.ts).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../src/shared/chat-types.ts';
import { clientIdField } from '../../../src/shared/schemas/chat.ts';
import { mergeMessages, newClientId, newestId, oldestId } from '../../../src/stores/chat/chat-messages.ts';
import { typingText } from '../../../src/stores/chat/chat-typing.ts';

const message = (id: number, content = `m${id}`): ChatMessage => ({
  id,
  room_id: 1,
  sender_id: 1,
  sender_name: 'a',
  message_type: 'text',
  content,
  image_url: null,
  thumbnail_url: null,
  timestamp: '2026-03-04T10:00:00.000Z',
  client_id: null,
});

describe('mergeMessages', () => {
  it('keeps one per id, in id order, the incoming copy winning', () => {
    const merged = mergeMessages([message(3), message(1)], [message(2), message(3, 'again')]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[2]!.content).toBe('again');
  });
  it('returns the same list when nothing comes in (no needless re-render)', () => {
    const list = [message(1)];
    expect(mergeMessages(list, [])).toBe(list);
  });
  it('knows the oldest and newest ids, or null when empty', () => {
    expect([oldestId([message(4), message(9)]), newestId([message(4), message(9)])]).toEqual([4, 9]);
    expect([oldestId([]), newestId([])]).toEqual([null, null]);
  });
});

it('newClientId is accepted by the shared clientIdField and differs every time', () => {
  const a = newClientId();
  expect(v.safeParse(clientIdField, a).success).toBe(true);
  expect(newClientId()).not.toBe(a);
});

it('typingText names one person, joins several, and is null for nobody', () => {
  const t = (...names: string[]) => typingText(names.map((username, i) => ({ userId: i, username })));
  expect(t()).toBeNull();
  expect(t('ann')).toBe('ann is typing...');
  expect(t('ann', 'bo')).toBe('ann and bo are typing...');
  expect(t('ann', 'bo', 'cy')).toBe('ann, bo and cy are typing...');
});
