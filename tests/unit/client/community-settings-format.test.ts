import { describe, expect, it } from 'vitest';
import { rulesFromText, rulesToText } from '../../../src/islands/communities/rules-text.ts';
import { modlogSentence } from '../../../src/islands/communities/settings/modlog-format.ts';

const entry = (action: Parameters<typeof modlogSentence>[0]['action'], detail = '', target: string | null = 'bo') =>
  modlogSentence({ action, actor: 'ana', target, detail });

describe('the mod log sentences', () => {
  it('names who did what to whom', () => {
    expect(entry('approve')).toBe("ana approved bo's request to join");
    expect(entry('kick')).toBe('ana removed bo from the community');
    expect(entry('unban')).toBe("ana lifted bo's ban");
    expect(entry('transfer')).toBe('ana handed the community over to bo');
  });

  it('reads the role and the ban length the server wrote', () => {
    expect(entry('role', 'member → moderator')).toBe('ana made bo a moderator');
    expect(entry('role', 'moderator → member')).toBe('ana made bo a member');
    expect(entry('ban', 'until lifted')).toBe('ana banned bo until lifted');
    expect(entry('ban', '24 h')).toBe('ana banned bo for 24 hours');
    expect(entry('ban', '1 h')).toBe('ana banned bo for 1 hour');
  });

  it('says what an edit or an invite changed, and who when the target account is gone', () => {
    expect(entry('edit', 'name, rules', null)).toBe('ana edited the details: name, rules');
    expect(entry('invite', '10 uses, 168 h', null)).toBe('ana made an invite link (10 uses, 168 hours)');
    expect(entry('invite', '1 uses, 24 h')).toBe('ana invited bo (1 use, 24 hours)');
    expect(entry('remove_post', '', null)).toBe('ana removed a post by someone');
  });
});

describe('rules as text', () => {
  it('keeps one rule per non-blank line, trimmed, and writes them back one per line', () => {
    expect(rulesFromText('  Be kind \n\n No spoilers\n')).toEqual(['Be kind', 'No spoilers']);
    expect(rulesToText(['Be kind', 'No spoilers'])).toBe('Be kind\nNo spoilers');
  });
});
