/**
 * Whether a searched text can be found through a trigram index: it has a letter or a digit. pg_trgm makes its
 * trigrams of those alone, so a text of punctuation only ("%%%", "---") has none, and a search for it reads every
 * row (0.5–1.3 s at a million customers). No name is made of such characters alone: such a search finds no name.
 */
export const hasWordCharacter = (text: string) => /[\p{L}\p{N}]/u.test(text);

/** Escapes LIKE/ILIKE wildcards so user text matches literally (PostgreSQL's default escape is the backslash). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
