/**
 * NOTE: the web links in a bio (issue 21): http(s) addresses become links, nothing else does (no other scheme, no
 * bare domains, no markup). Trailing punctuation that ends a sentence stays text ("see https://x.example.").
 * Pure, unit-tested; `BioText` renders the parts.
 */
export type BioPart = string | { href: string; text: string };

const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = /[.,!?;:'")\]}]+$/;

export function bioParts(bio: string): BioPart[] {
  const parts: BioPart[] = [];
  let at = 0;
  for (const match of bio.matchAll(CANDIDATE)) {
    let text = match[0];
    // A closing bracket stays in the link when the link opened one (https://en.wikipedia.org/wiki/Halo_(series)).
    let trailing = TRAILING.exec(text)?.[0] ?? '';
    while (trailing.startsWith(')') && (text.match(/\(/g)?.length ?? 0) >= (text.match(/\)/g)?.length ?? 0) && trailing) {
      trailing = trailing.slice(1);
    }
    text = text.slice(0, text.length - trailing.length);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (match.index > at) parts.push(bio.slice(at, match.index));
    parts.push({ href: url.href, text });
    at = match.index + text.length;
  }
  if (at < bio.length) parts.push(bio.slice(at));
  return parts;
}
