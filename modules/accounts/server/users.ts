import { and, asc, eq, ilike, or } from "drizzle-orm";
import type { PayoutMarks } from "../answers";
import { conflict, notFound } from "#server/errors";
import type { ArtistAccount } from "../answers";
import type { Executor } from "#server/db/client";
import { containsPattern } from "#server/db/like";
import { users } from "#modules/accounts/server/tables";

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

/** An admin sets an artist's payout marks; other accounts have none to set (409). */
export async function setPayoutMarks(db: Executor, userUrl: string, marks: PayoutMarks): Promise<PayoutMarks> {
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.url, userUrl));
  if (!user) throw notFound("No such account");
  if (user.role !== "ARTIST") throw conflict("Payout marks are for artist accounts");
  await db
    .update(users)
    .set({ w9Received: marks.w9_received, directDepositReceived: marks.direct_deposit_received })
    .where(eq(users.id, user.id));
  return marks;
}
