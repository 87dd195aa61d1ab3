// An act's saved quotes (issue 66): a price, deposit, policy, terms and message the offer form
// fills from. The act's manager (or an admin) keeps them; nobody else reads them.
import { and, asc, count, eq } from "drizzle-orm";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import type { CreatedResult, MessageResult } from "#domain/resources/results";
import type { SessionUser } from "#domain/session-user";
import type { Database, Executor } from "#server/db/client";
import { isUniqueViolation } from "#server/db/errors";
import { conflict, notFound } from "#server/errors";
import { lockActById, requireManagedAct } from "#modules/acts/server";
import type { QuoteTemplate } from "../answers";
import type { QuoteTemplateInput } from "../schemas";
import { quoteTemplates } from "./tables";

/** The act's templates, by name. */
export async function listQuoteTemplates(db: Executor, viewer: SessionUser, actUrl: string): Promise<QuoteTemplate[]> {
  const act = await requireManagedAct(db, viewer, actUrl);
  const rows = await db
    .select()
    .from(quoteTemplates)
    .where(eq(quoteTemplates.actId, act.id))
    .orderBy(asc(quoteTemplates.name), asc(quoteTemplates.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    price_cents: row.priceCents,
    deposit_cents: row.depositCents,
    cancellation_policy: row.cancellationPolicy,
    terms: row.terms,
    message: row.message,
  }));
}

/** Saves a template: at most LIMITS.quoteTemplates an act, counted under the act's lock; each name once. */
export async function saveQuoteTemplate(
  db: Database,
  viewer: SessionUser,
  actUrl: string,
  input: QuoteTemplateInput,
): Promise<CreatedResult> {
  return db.transaction(async (tx) => {
    const act = await requireManagedAct(tx, viewer, actUrl);
    await lockActById(tx, act.id);
    const [held] = await tx.select({ n: count() }).from(quoteTemplates).where(eq(quoteTemplates.actId, act.id));
    if ((held?.n ?? 0) >= LIMITS.quoteTemplates) throw conflict(MESSAGES.templateLimit);
    try {
      const [made] = await tx
        .insert(quoteTemplates)
        .values({
          actId: act.id,
          name: input.name,
          priceCents: input.price_cents,
          depositCents: input.deposit_cents,
          cancellationPolicy: input.cancellation_policy,
          terms: input.terms,
          message: input.message,
        })
        .returning({ id: quoteTemplates.id });
      return { id: made!.id, message: `Template "${input.name}" saved` };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.templateNameTaken);
      throw error;
    }
  });
}

/** Deletes one of the act's templates; another act's, or none, is 404. */
export async function deleteQuoteTemplate(
  db: Executor,
  viewer: SessionUser,
  actUrl: string,
  id: number,
): Promise<MessageResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  const [gone] = await db
    .delete(quoteTemplates)
    .where(and(eq(quoteTemplates.id, id), eq(quoteTemplates.actId, act.id)))
    .returning({ name: quoteTemplates.name });
  if (!gone) throw notFound("No such template");
  return { message: `Template "${gone.name}" deleted` };
}
