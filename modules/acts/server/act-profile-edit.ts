import { and, eq, like, or, sql } from "drizzle-orm";
import { MESSAGES } from "#domain/messages";
import type { CreatedWithUrl, MessageResult } from "#domain/resources/results";
import { canCreateAct, canEditAdditionalInfo, canSubmitApplication } from "#domain/permissions";
import type { ActUpdateInput, CreateActInput, PaymentInstructionsInput } from "../schemas";
import { firstFreeSlug, slugify } from "#domain/slug";
import type { Database, Executor } from "#server/db/client";
import { isUniqueViolation } from "#server/db/errors";
import { actLocations, acts } from "#modules/acts/server/tables";
import { calendarSubscriptions } from "#modules/availability/server/tables";
import { conflict, forbidden } from "#server/errors";
import { requireCompleteApplication } from "./act-application";
import { actAccess } from "./act-visibility";
import { lockActById, requireManagedAct } from "./managed-act";
import { recordModeration } from "#modules/moderation/server";
import { resolvePlaces } from "#modules/discovery/server";
import { requireUpload } from "#modules/files/server";
import { takeAccountAction } from "#modules/accounts/server";
import type { SessionUser } from "#domain/session-user";

/** Profile fields; additional_info is for admins, and the avatar must be the caller's own upload. */
export async function updateActProfile(
  db: Database,
  viewer: SessionUser,
  actUrl: string,
  input: ActUpdateInput,
): Promise<MessageResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  if (input.additional_info !== undefined && !canEditAdditionalInfo(viewer))
    throw forbidden("Only admins may change Additional Info");
  if (input.avatar && input.avatar !== act.avatar)
    await requireUpload(db, viewer, input.avatar, "avatar", "avatar", "Upload an image for the avatar");
  // Every location must be a known place: geocoded here, once, from the offline gazetteer.
  const written: Record<string, string> = {};
  if (input.location) written.location = input.location;
  for (const [index, location] of input.additionalLocations.entries())
    written[`additionalLocations.${index}`] = location;
  const resolved = await resolvePlaces(db, written);
  await db.transaction(async (tx) => {
    await lockActById(tx, act.id);
    await tx
      .update(acts)
      .set({
        name: input.name,
        avatar: input.avatar,
        headline: input.headline,
        description: input.description,
        location: resolved.location?.label ?? null,
        placeId: resolved.location?.id ?? null,
        compareTo: input.compare_to,
        social: input.social,
        hasPerformedCorporateEvent: input.has_performed_corporate_event,
        corporateEventExperience: input.corporate_event_experience,
        ...(input.additional_info !== undefined ? { additionalInfo: input.additional_info } : {}),
        // Merged in the row, under the act's lock: a fact the body leaves out keeps its values.
        ...(input.facts ? { facts: sql`${acts.facts} || ${JSON.stringify(input.facts)}::jsonb` } : {}),
        updatedAt: new Date(),
      })
      .where(eq(acts.id, act.id));
    // Busy days are days in the act's time zone: a move to another zone has its calendars read again now.
    if ((resolved.location?.id ?? null) !== act.placeId)
      await tx
        .update(calendarSubscriptions)
        .set({ nextReadAt: sql`now()` })
        .where(eq(calendarSubscriptions.actId, act.id));
    await tx.delete(actLocations).where(eq(actLocations.actId, act.id));
    if (input.additionalLocations.length) {
      await tx.insert(actLocations).values(
        input.additionalLocations.map((_, index) => {
          const place = resolved[`additionalLocations.${index}`]!;
          return { actId: act.id, location: place.label, placeId: place.id, rank: index + 1 };
        }),
      );
    }
  });
  return { message: "Profile updated" };
}

export async function createAct(db: Database, viewer: SessionUser, input: CreateActInput): Promise<CreatedWithUrl> {
  if (!canCreateAct(viewer)) throw forbidden(MESSAGES.roleMayNot);
  // The address is the act's name ("/entertainment/midnight-marigolds"), numbered only on a clash;
  // two acts of one name made at once both try the same number, and the second tries again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        if (viewer.role !== "ADMIN") await takeAccountAction(tx, "actCreated", viewer.id);
        const url = await freeActUrl(tx, slugify(input.name));
        const [act] = await tx
          .insert(acts)
          .values({ url, name: input.name, musical: input.musical, managerId: viewer.id })
          .returning({ url: acts.url });
        return { url: act!.url, message: `${input.name} created` };
      });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** The act address `base`, or `base-N` with the first N not taken. */
async function freeActUrl(tx: Executor, base: string): Promise<string> {
  const taken = await tx
    .select({ url: acts.url })
    .from(acts)
    .where(or(eq(acts.url, base), like(acts.url, `${base}-%`)));
  return firstFreeSlug(base, new Set(taken.map((row) => row.url)));
}

/**
 * The act's artist sends a draft for approval, or, after a decline, sends it again once fixed:
 * it waits for an admin as a new application does, and its history says so.
 */
export async function submitApplication(db: Database, viewer: SessionUser, actUrl: string): Promise<MessageResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  if (!canSubmitApplication(viewer, actAccess(act)))
    throw forbidden("Only the act's artist or an admin submits its application");
  if (act.applicationComplete && !act.declined) throw conflict("This application was already submitted");
  await requireCompleteApplication(db, act);
  return db.transaction(async (tx) => {
    const [sent] = await tx
      .update(acts)
      .set({ applicationComplete: true, declined: false, updatedAt: new Date() })
      .where(and(eq(acts.id, act.id), or(eq(acts.applicationComplete, false), eq(acts.declined, true))))
      .returning({ id: acts.id });
    if (!sent) throw conflict("This application was already submitted");
    if (act.declined) {
      await recordModeration(tx, {
        actId: act.id,
        actorId: viewer.id,
        action: "resubmit",
        before: { declined: true },
        after: { declined: false },
      });
      return { message: MESSAGES.applicationResubmitted };
    }
    return { message: "Application submitted for approval" };
  });
}

/** How planners pay the act directly: shown with its offline bookings (page, mail, agreement). */
export async function setPaymentInstructions(
  db: Database,
  viewer: SessionUser,
  actUrl: string,
  input: PaymentInstructionsInput,
): Promise<MessageResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  await db.update(acts).set({ paymentInstructions: input.payment_instructions }).where(eq(acts.id, act.id));
  return { message: "Payment instructions saved" };
}
