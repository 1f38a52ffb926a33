import { describe, expect, it } from 'vitest';
import { MAX_INT_ID, idFromText } from '../../../src/shared/schemas/fields.ts';

describe('idFromText', () => {
  it('reads the whole positive numbers an id column can hold', () => {
    expect(idFromText('1')).toBe(1);
    expect(idFromText(String(MAX_INT_ID))).toBe(MAX_INT_ID);
  });

  it('answers null for anything no row can have', () => {
    for (const raw of [null, undefined, '', '0', '-1', '1e3', '1.5', 'abc', ' 7', String(MAX_INT_ID + 1), '9'.repeat(400)]) {
      expect(idFromText(raw), String(raw)).toBeNull();
    }
  });
});
