/**
 * Numbers as one PostgreSQL array literal (`{1,2,3}`), to be sent as a single parameter and cast
 * (`${numberArray(ids)}::int[]`): one parameter whatever the length, so a statement's text and
 * plan do not change with it, where drizzle would send one parameter per value.
 */
export function numberArray(values: readonly number[]): string {
  return `{${values.join(",")}}`;
}

/** Text as one PostgreSQL array literal (`{"a","b"}`), each element quoted and its `"` and `\` escaped. */
export function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`).join(",")}}`;
}
