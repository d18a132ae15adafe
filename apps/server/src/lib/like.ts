/** A search term as an ILIKE pattern that matches it anywhere, its wildcards (`%`, `_`) and backslashes taken literally. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
