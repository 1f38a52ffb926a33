/** Issue 21: http(s) links in a bio are clickable, nothing else is, and sentence punctuation stays text. */
import { describe, expect, it } from 'vitest';
import { bioParts } from '../../../src/client/bio-links.ts';

describe('bioParts', () => {
  it('makes http and https addresses links, with the text around them kept', () => {
    expect(bioParts('Clips at https://twitch.tv/ann and http://ann.example/x?y=1#z daily')).toEqual([
      'Clips at ',
      { href: 'https://twitch.tv/ann', text: 'https://twitch.tv/ann' },
      ' and ',
      { href: 'http://ann.example/x?y=1#z', text: 'http://ann.example/x?y=1#z' },
      ' daily',
    ]);
  });

  it('leaves sentence punctuation out of the link, but keeps a bracket the link opened', () => {
    expect(bioParts('See https://ann.example. Or (https://b.example)!')).toEqual([
      'See ',
      { href: 'https://ann.example/', text: 'https://ann.example' },
      '. Or (',
      { href: 'https://b.example/', text: 'https://b.example' },
      ')!',
    ]);
    expect(bioParts('https://en.wikipedia.org/wiki/Halo_(series)')).toEqual([
      { href: 'https://en.wikipedia.org/wiki/Halo_(series)', text: 'https://en.wikipedia.org/wiki/Halo_(series)' },
    ]);
  });

  it('links nothing else: other schemes, bare domains, markup', () => {
    for (const bio of ['javascript:alert(1)', 'ann.example', '<a href="https://x">x</a>', 'ftp://ann.example', 'data:text/html,hi']) {
      expect(
        bioParts(bio).filter((p) => typeof p !== 'string'),
        bio,
      ).toEqual(bio.includes('https://x') ? [{ href: 'https://x/', text: 'https://x' }] : []);
    }
    expect(bioParts('')).toEqual([]);
  });
});
