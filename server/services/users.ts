import { and, asc, eq, ilike, or } from "drizzle-orm";
import type { ArtistAccount } from "#domain/resources/accounts";
import type { Executor } from "../db/client";
import { containsPattern } from "../db/like";
import { users } from "../db/schema";

/** Accounts with the ARTIST role whose name or email contains the search terms. */
export async function searchArtists(db: Executor, searchTerms: string): Promise<ArtistAccount[]> {
  const pattern = containsPattern(searchTerms);
  return db
    .select({ url: users.url, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.role, "ARTIST"),
        searchTerms ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .orderBy(asc(users.name))
    .limit(20);
}
