import { and, asc, count, eq, inArray, isNull, max } from "drizzle-orm";
import { LIMITS } from "#domain/limits";
import type { CreatedResult, MessageResult } from "#domain/resources/results";
import { MESSAGES } from "#domain/messages";
import type { OfferingInput } from "../offering-schemas";
import { type InstantTerms, type StoredInstant, instantAnswer } from "../instant";
import type { ReorderInput } from "../reorder-schemas";
import type { Database, Executor, Transaction } from "#server/db/client";
import { packageEventTypes, packages } from "#modules/content/server/tables";
import { tags } from "#modules/acts/server/tables";
import { conflict, notFound, validationFailed } from "#server/errors";
import { lockActById, requireManagedAct, requireManagedActById } from "#modules/acts/server";
import { ORDER_MISMATCH } from "./testimonials";
import type { SessionUser } from "#domain/session-user";

async function checkEventTypes(db: Executor, ids: number[]) {
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(inArray(tags.id, ids), eq(tags.type, "Event Type")));
  if (rows.length !== ids.length) throw validationFailed({ eventTypes: ["Choose from the Event Type tags"] });
}

async function setEventTypes(tx: Transaction, packageId: number, ids: number[]) {
  await tx.delete(packageEventTypes).where(eq(packageEventTypes.packageId, packageId));
  await tx.insert(packageEventTypes).values(ids.map((tagId) => ({ packageId, tagId })));
}

/** The offering's own columns; a price left out of an edit is no price, as every field is replaced. */
function offeringColumns(input: OfferingInput, viewer: SessionUser, before: StoredInstant | null = null) {
  return {
    title: input.title,
    description: input.description,
    priceFromCents: input.price_from_cents ?? null,
    priceToCents: input.price_to_cents ?? null,
    instant: signedInstant(input.instant ?? null, viewer, before),
  };
}

/**
 * Instant terms as kept, signed: setting them is the act's signature on every booking made from
 * them, so terms saved again unchanged keep who signed them and when, and changed ones are the
 * saver's, now.
 */
function signedInstant(terms: InstantTerms | null, viewer: SessionUser, before: StoredInstant | null) {
  if (!terms) return null;
  const same = before && JSON.stringify(instantAnswer(before)) === JSON.stringify(instantAnswer(terms));
  return same ? before : { ...terms, signed_by: viewer.id, signed_at: new Date().toISOString() };
}

export async function createPackage(
  db: Database,
  viewer: SessionUser,
  actUrl: string,
  input: OfferingInput,
): Promise<CreatedResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  await checkEventTypes(db, input.eventTypes);
  return db.transaction(async (tx) => {
    await lockActById(tx, act.id);
    const [last] = await tx
      .select({ rank: max(packages.rank), count: count() })
      .from(packages)
      .where(and(eq(packages.actId, act.id), isNull(packages.deletedAt)));
    if ((last?.count ?? 0) >= LIMITS.maxOfferings) throw conflict(MESSAGES.tooManyOfferings);
    const [row] = await tx
      .insert(packages)
      .values({ actId: act.id, ...offeringColumns(input, viewer), rank: (last?.rank ?? 0) + 1 })
      .returning({ id: packages.id });
    await setEventTypes(tx, row!.id, input.eventTypes);
    return { id: row!.id, message: "Offering added" };
  });
}

export async function findLivePackage(db: Executor, viewer: SessionUser, id: number) {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, id), isNull(packages.deletedAt)))
    .limit(1);
  if (!row) throw notFound("No such offering");
  const act = await requireManagedActById(db, viewer, row.actId);
  return { row, act };
}

export async function editPackage(
  db: Database,
  viewer: SessionUser,
  actUrl: string,
  id: number,
  input: OfferingInput,
): Promise<MessageResult> {
  const { act, row } = await findLivePackage(db, viewer, id);
  if (act.url !== actUrl) throw notFound("No such offering");
  await checkEventTypes(db, input.eventTypes);
  await db.transaction(async (tx) => {
    await tx
      .update(packages)
      .set(offeringColumns(input, viewer, row.instant))
      .where(eq(packages.id, id));
    await setEventTypes(tx, id, input.eventTypes);
  });
  return { message: "Offering updated" };
}

/** Soft delete: the row stays (offers may refer to it); the live ones are ranked 1..n again. */
export async function softDeletePackage(db: Database, viewer: SessionUser, id: number): Promise<MessageResult> {
  const { row } = await findLivePackage(db, viewer, id);
  await db.transaction(async (tx) => {
    await lockActById(tx, row.actId);
    await tx.update(packages).set({ deletedAt: new Date() }).where(eq(packages.id, id));
    const rest = await tx
      .select({ id: packages.id })
      .from(packages)
      .where(and(eq(packages.actId, row.actId), isNull(packages.deletedAt)))
      .orderBy(asc(packages.rank), asc(packages.id));
    for (const [index, item] of rest.entries())
      await tx
        .update(packages)
        .set({ rank: index + 1 })
        .where(eq(packages.id, item.id));
  });
  return { message: MESSAGES.packageDeleted(row.title) };
}

export async function orderPackages(db: Database, viewer: SessionUser, input: ReorderInput): Promise<MessageResult> {
  const ids = input.order.map((item) => item.id);
  const rows = await db
    .select({ id: packages.id, actId: packages.actId })
    .from(packages)
    .where(and(inArray(packages.id, ids), isNull(packages.deletedAt)));
  const actIds = new Set(rows.map((row) => row.actId));
  if (rows.length !== ids.length || actIds.size !== 1) throw validationFailed({ order: [ORDER_MISMATCH] });
  const actId = rows[0]!.actId;
  await requireManagedActById(db, viewer, actId);
  await db.transaction(async (tx) => {
    await lockActById(tx, actId);
    const live = await tx
      .select({ id: packages.id })
      .from(packages)
      .where(and(eq(packages.actId, actId), isNull(packages.deletedAt)));
    if (live.length !== ids.length) throw validationFailed({ order: [ORDER_MISMATCH] });
    for (const item of input.order) await tx.update(packages).set({ rank: item.rank }).where(eq(packages.id, item.id));
  });
  return { message: "Order saved" };
}
