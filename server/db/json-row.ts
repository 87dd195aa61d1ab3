import { getTableColumns, type InferSelectModel, type Table } from "drizzle-orm";
import { jsonColumn } from "./json-column";

/**
 * A table's row read as JSON (`to_jsonb(t)`, inside a larger statement) turned into the row
 * drizzle's own select returns: each column by its field's name, through the column's own
 * mapping (a timestamp's text to a Date). JSON holds numbers, booleans and nested JSON already.
 */
export function rowFromJson<T extends Table>(table: T, value: unknown): InferSelectModel<T> {
  const json = jsonColumn<Record<string, unknown>>(value);
  const row: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const stored = json[column.name];
    row[field] = stored === null || stored === undefined ? null : column.mapFromDriverValue(stored);
  }
  return row as InferSelectModel<T>;
}
