/** The SQLSTATE of a database error, possibly wrapped by Drizzle (its cause). */
function sqlStateOf(error: unknown): string | undefined {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** True when a database error (possibly wrapped by Drizzle) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === "23505";
}

/**
 * True when the database gave up on a transaction for a reason that another try may not meet:
 * a deadlock (40P01) or a serialization failure (40001).
 */
export function isTransientFailure(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state === "40P01" || state === "40001";
}
