/**
 * NOTE: the one way a count becomes words: `plural(1, 'friend')` → '1 friend', `plural(1234, 'player')` →
 * '1,234 players'; pass `many` for irregular words (`plural(2, 'person', 'people')`). Numbers are grouped the
 * same on the server and in every browser (en-US, the app's language), so server-rendered text hydrates.
 */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
