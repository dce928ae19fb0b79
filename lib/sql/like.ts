/** Escapes LIKE/ILIKE wildcards so a search term matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%term%` with the term's own wildcards escaped. */
export function containsPattern(value: string): string {
  return `%${escapeLike(value)}%`;
}
