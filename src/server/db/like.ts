/** Escapes LIKE/ILIKE wildcards so user text matches literally (PostgreSQL's default escape is the backslash). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
