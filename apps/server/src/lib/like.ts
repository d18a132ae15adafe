/** A search term as an ILIKE pattern that matches it anywhere, its wildcards (`%`, `_`) and backslashes taken literally. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A term as a LIKE pattern that matches values starting with it, its wildcards and backslashes taken literally. */
export const startsWithPattern = (term: string): string => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
