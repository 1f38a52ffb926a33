/**
 * Names refuse direction controls with the message a form shows and the API answers; free text keeps them.
 * Every name schema goes through the one rule in fields.ts (`plainName`).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { buildRegistration } from '../../../src/server/db/factories/users.ts';
import { firstIssue, registerSchema } from '../../../src/shared/schemas/auth.ts';
import { chatNameField, createRoomSchema, messageContentField, renameRoomSchema } from '../../../src/shared/schemas/chat.ts';
import { isPlainName } from '../../../src/shared/schemas/fields.ts';
import { gameNameField } from '../../../src/shared/schemas/games.ts';
import { commentSchema } from '../../../src/shared/schemas/media.ts';
import { bioSchema } from '../../../src/shared/schemas/profile.ts';

const DIRECTION = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const message = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? 'ok' : firstIssue(result.issues);
};

describe('names refuse direction controls', () => {
  it.each(DIRECTION.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))('%s', (_, mark) => {
    expect(message(chatNameField, `Squad ${mark}dliug`)).toBe('Chat name contains characters that are not allowed');
    expect(message(renameRoomSchema, { name: `Crew${mark}` })).toBe('Chat name contains characters that are not allowed');
    expect(message(createRoomSchema, { name: `${mark}Crew`, user_ids: [2], is_group: true })).toBe(
      'Chat name contains characters that are not allowed',
    );
    expect(message(gameNameField, `Doom${mark}`)).toBe('Game name contains characters that are not allowed');
    expect(isPlainName(`name${mark}`)).toBe(false);
    // Usernames were ASCII-only already; the shared rule now answers for these with the names' message.
    expect(message(registerSchema, buildRegistration({ username: `ann${mark}gnp` }))).toBe(
      'Username contains characters that are not allowed',
    );
  });

  it('keeps what names may hold: other scripts, emoji made with zero-width joiners; game titles refuse every format character', () => {
    for (const name of ['Рейд', 'チーム', 'שלום עולם', 'Squad 👩‍👩‍👧 🏳️‍🌈']) expect(message(chatNameField, name)).toBe('ok');
    expect(message(gameNameField, 'Doom\u200dEternal')).toBe('Game name contains characters that are not allowed');
    expect(message(gameNameField, 'Doom\u200bEternal')).toBe('Game name contains characters that are not allowed');
    expect(message(gameNameField, 'Ведьмак 3')).toBe('ok');
  });
});

describe('free text keeps direction controls', () => {
  it('in messages, comments and bios', () => {
    const text = 'quote: \u2067שלום\u2069 and \u202eright to left\u202c';
    expect(message(messageContentField, text)).toBe('ok');
    expect(message(commentSchema, { content: text })).toBe('ok');
    expect(message(bioSchema, { bio: text })).toBe('ok');
  });
});
