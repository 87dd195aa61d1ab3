/** The user's %, _ and \ taken literally in a LIKE pattern. */
function escapeLike(terms: string): string {
  return terms.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A case-insensitive "contains" pattern for ILIKE. */
export function containsPattern(terms: string): string {
  return `%${escapeLike(terms)}%`;
}

/** A "starts with" pattern for LIKE. */
export function likePrefix(terms: string): string {
  return `${escapeLike(terms)}%`;
}
