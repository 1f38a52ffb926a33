/**
 * NOTE: opaque cursors for keyset paging: the values of the last row a page showed, as base64url JSON. Rules for
 * callers: `cursorFrom` names each value's kind, and answers null for anything this server did not make (the
 * route answers 400), so nothing unchecked reaches a query. Times travel as ISO strings with microseconds kept
 * (PostgreSQL's precision), so a page never repeats or skips a row that shares a millisecond.
 */
type Kind = 'int' | 'time' | 'text';
type ValueOf<K extends Kind> = K extends 'int' ? number : string;

export const cursorOf = (values: Array<number | string>): string => Buffer.from(JSON.stringify(values)).toString('base64url');

const TIME = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:?\d\d)?|Z)?$/;
const fits: Record<Kind, (value: unknown) => boolean> = {
  int: (value) => Number.isSafeInteger(value) && (value as number) >= 0,
  time: (value) => typeof value === 'string' && TIME.test(value),
  text: (value) => typeof value === 'string' && value.length <= 200,
};

export function cursorFrom<const K extends readonly Kind[]>(cursor: string, kinds: K): { [I in keyof K]: ValueOf<K[I]> } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== kinds.length) return null;
    return kinds.every((kind, i) => fits[kind](value[i])) ? (value as { [I in keyof K]: ValueOf<K[I]> }) : null;
  } catch {
    return null;
  }
}

/**
 * A page from `rows` fetched with LIMIT size + 1: at most `size` of them, and the cursor of the last one shown when
 * the extra row says there is more (else null).
 */
export function pageOf<R>(rows: R[], size: number, keyOf: (row: R) => Array<number | string>): { items: R[]; next: string | null } {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, next: rows.length > size && last !== undefined ? cursorOf(keyOf(last)) : null };
}
