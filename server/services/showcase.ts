import { and, asc, desc, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { acts } from "../db/schema";

/** Active, public acts for the home page, featured first. */
export async function listShowcaseActs(db: Executor) {
  return db
    .select({ url: acts.url, name: acts.name, headline: acts.headline })
    .from(acts)
    .where(and(eq(acts.active, true), eq(acts.internalUseOnly, false)))
    .orderBy(desc(acts.isFeatured), asc(acts.name))
    .limit(12);
}
