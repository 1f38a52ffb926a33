/** Escapes LIKE's wildcards in literal text. Backslash is LIKE's default escape character in PostgreSQL. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
