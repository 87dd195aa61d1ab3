import { asc } from "drizzle-orm";
import type { Tag, TagType } from "#domain/tags";
import type { Executor } from "#server/db/client";
import { tags } from "#modules/acts/server/tables";

export async function listTags(db: Executor): Promise<Tag[]> {
  const rows = await db.select().from(tags).orderBy(asc(tags.type), asc(tags.name));
  return rows.map((row): Tag => ({ id: row.id, name: row.name, type: row.type as TagType }));
}
