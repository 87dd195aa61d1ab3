import { and, asc, count, eq, inArray, max } from "drizzle-orm";
import { LIMITS } from "#domain/limits";
import type { CreatedResult, MessageResult } from "#domain/resources/results";
import { MESSAGES } from "#domain/messages";
import type { ReorderInput } from "../reorder-schemas";
import type { TestimonialInput } from "../testimonial-schemas";
import type { Database, Transaction } from "#server/db/client";
import { testimonials } from "#modules/content/server/tables";
import { conflict, notFound, validationFailed } from "#server/errors";
import { lockActById, requireManagedAct, requireManagedActById } from "#modules/acts/server";
import type { SessionUser } from "#domain/session-user";

export async function addTestimonial(
  db: Database,
  viewer: SessionUser,
  actUrl: string,
  input: TestimonialInput,
): Promise<CreatedResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  return db.transaction(async (tx) => {
    await lockActById(tx, act.id);
    const [last] = await tx
      .select({ rank: max(testimonials.rank), count: count() })
      .from(testimonials)
      .where(eq(testimonials.actId, act.id));
    if ((last?.count ?? 0) >= LIMITS.maxTestimonials) throw conflict(MESSAGES.tooManyTestimonials);
    const [row] = await tx
      .insert(testimonials)
      .values({
        actId: act.id,
        name: input.name,
        organization: input.organization,
        orgPosition: input.org_position,
        content: input.content,
        rank: (last?.rank ?? 0) + 1,
      })
      .returning({ id: testimonials.id });
    return { id: row!.id, message: "Testimonial added" };
  });
}

export async function findTestimonial(db: Database | Transaction, viewer: SessionUser, id: number) {
  const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id)).limit(1);
  if (!row) throw notFound("No such testimonial");
  await requireManagedActById(db, viewer, row.actId);
  return row;
}

export async function editTestimonial(
  db: Database,
  viewer: SessionUser,
  id: number,
  input: TestimonialInput,
): Promise<MessageResult> {
  await findTestimonial(db, viewer, id);
  await db
    .update(testimonials)
    .set({
      name: input.name,
      organization: input.organization,
      orgPosition: input.org_position,
      content: input.content,
    })
    .where(eq(testimonials.id, id));
  return { message: "Testimonial updated" };
}

/** Deletes one and closes the gap, so ranks stay 1..n. */
export async function deleteTestimonial(db: Database, viewer: SessionUser, id: number): Promise<MessageResult> {
  const row = await findTestimonial(db, viewer, id);
  await db.transaction(async (tx) => {
    await lockActById(tx, row.actId);
    await tx.delete(testimonials).where(eq(testimonials.id, id));
    const rest = await tx
      .select({ id: testimonials.id })
      .from(testimonials)
      .where(eq(testimonials.actId, row.actId))
      .orderBy(asc(testimonials.rank), asc(testimonials.id));
    for (const [index, item] of rest.entries())
      await tx
        .update(testimonials)
        .set({ rank: index + 1 })
        .where(eq(testimonials.id, item.id));
  });
  return { message: MESSAGES.testimonialDeleted };
}

export const ORDER_MISMATCH = "The order must list every item of one act exactly once";

/** A new order for all of one act's testimonials; ids of another act or a partial list are refused. */
export async function orderTestimonials(
  db: Database,
  viewer: SessionUser,
  input: ReorderInput,
): Promise<MessageResult> {
  const ids = input.order.map((item) => item.id);
  const rows = await db
    .select({ id: testimonials.id, actId: testimonials.actId })
    .from(testimonials)
    .where(inArray(testimonials.id, ids));
  const actIds = new Set(rows.map((row) => row.actId));
  if (rows.length !== ids.length || actIds.size !== 1) throw validationFailed({ order: [ORDER_MISMATCH] });
  const actId = rows[0]!.actId;
  await requireManagedActById(db, viewer, actId);
  await db.transaction(async (tx) => {
    await lockActById(tx, actId);
    const all = await tx.select({ id: testimonials.id }).from(testimonials).where(eq(testimonials.actId, actId));
    if (all.length !== ids.length) throw validationFailed({ order: [ORDER_MISMATCH] });
    for (const item of input.order)
      await tx
        .update(testimonials)
        .set({ rank: item.rank })
        .where(and(eq(testimonials.id, item.id), eq(testimonials.actId, actId)));
  });
  return { message: "Order saved" };
}
