/** A case-insensitive "contains" pattern for ILIKE, with the user's %, _ and \ taken literally. */
export function containsPattern(terms: string): string {
  return `%${terms.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
