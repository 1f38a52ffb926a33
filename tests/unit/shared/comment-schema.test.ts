/**
 * The comment form sends what commentSchema gives it (the store no longer checks again): blank text is refused
 * with the message the form and the API show, and what is sent is trimmed.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { COMMENT_MAX } from '../../../src/shared/constants.ts';
import { commentSchema } from '../../../src/shared/schemas/media.ts';

describe('commentSchema', () => {
  it('refuses blank text', () => {
    const result = v.safeParse(commentSchema, { content: ' \n\t ' });
    expect(result.success ? 'ok' : result.issues[0].message).toBe('Comment cannot be empty');
  });

  it('gives the trimmed text to send', () => {
    expect(v.parse(commentSchema, { content: '  gg  ' })).toEqual({ content: 'gg' });
  });

  it('refuses more than COMMENT_MAX characters', () => {
    expect(v.safeParse(commentSchema, { content: 'a'.repeat(COMMENT_MAX + 1) }).success).toBe(false);
  });
});
