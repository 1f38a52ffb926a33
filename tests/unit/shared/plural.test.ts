import { describe, expect, it } from 'vitest';
import { plural } from '../../../src/shared/plural.ts';

describe('plural', () => {
  it('says one thing in the singular and every other count in the plural, grouping thousands', () => {
    expect(plural(1, 'friend')).toBe('1 friend');
    expect(plural(0, 'friend')).toBe('0 friends');
    expect(plural(2, 'mutual friend')).toBe('2 mutual friends');
    expect(plural(12345, 'player')).toBe('12,345 players');
  });

  it('takes the plural of irregular words', () => {
    expect(plural(1, 'person', 'people')).toBe('1 person');
    expect(plural(3, 'person', 'people')).toBe('3 people');
  });
});
