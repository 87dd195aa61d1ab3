/** A JSON column as the driver hands it over: parsed already (node-postgres, PGlite), or as text. */
export function jsonColumn<T>(value: unknown): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : (value as T);
}
