import { and, eq } from "drizzle-orm";
import type {
  ActDecision,
  FeaturedResult,
  InternalUseOnlyResult,
  MessageResult,
  NationallyRecognizedResult,
} from "#domain/resources/results";
import { MESSAGES } from "#domain/messages";
import type { SetStatusInput } from "../schemas";
import type { Database, Transaction } from "#server/db/client";
import { acts } from "#modules/acts/server/tables";
import { users } from "#modules/accounts/server/tables";
import { conflict, notFound, validationFailed } from "#server/errors";
import { recordModeration } from "./moderation-log";
import { notify } from "#modules/notifications/server";
import type { SessionUser } from "#domain/session-user";

type ActRow = typeof acts.$inferSelect;

/** The act, locked for the rest of the transaction so two admins cannot interleave. */
export async function lockAct(tx: Transaction, actUrl: string): Promise<ActRow> {
  const [act] = await tx.select().from(acts).where(eq(acts.url, actUrl)).for("update");
  if (!act) throw notFound("No such act");
  return act;
}

export async function setActStatus(
  db: Database,
  admin: SessionUser,
  actUrl: string,
  input: SetStatusInput,
): Promise<ActDecision> {
  return db.transaction(async (tx) => {
    const act = await lockAct(tx, actUrl);
    const before = {
      active: act.active,
      declined: act.declined,
      application_complete: act.applicationComplete,
      decline_reason: act.declineReason,
    };
    if (input.status === "approved") {
      if (act.active) throw conflict(`${act.name} is already approved`);
      // Approving also completes the application, or the status would still read Draft.
      await tx
        .update(acts)
        .set({ active: true, declined: false, applicationComplete: true, declineReason: null, updatedAt: new Date() })
        .where(eq(acts.id, act.id));
      await recordModeration(tx, {
        actId: act.id,
        actorId: admin.id,
        action: "approve",
        before,
        after: { active: true, declined: false, application_complete: true, decline_reason: null },
      });
      await notify(tx, act.managerId, "act_approved", { actName: act.name, actUrl: act.url });
      return { name: act.name, message: MESSAGES.actApproved(act.name) };
    }
    if (act.declined) throw conflict(`${act.name} is already declined`);
    await tx
      .update(acts)
      .set({ active: false, declined: true, declineReason: input.decline_reason, updatedAt: new Date() })
      .where(eq(acts.id, act.id));
    await recordModeration(tx, {
      actId: act.id,
      actorId: admin.id,
      action: "decline",
      before,
      after: {
        active: false,
        declined: true,
        application_complete: act.applicationComplete,
        decline_reason: input.decline_reason,
      },
    });
    await notify(tx, act.managerId, "act_declined", {
      actName: act.name,
      actUrl: act.url,
      reason: input.decline_reason,
    });
    return { name: act.name, message: `${act.name} Declined` };
  });
}

/** Moves the act to another ARTIST account and clears the internal-use-only mark. */
export async function reassignAct(
  db: Database,
  admin: SessionUser,
  actUrl: string,
  userUrl: string,
): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    const act = await lockAct(tx, actUrl);
    const [artist] = await tx
      .select()
      .from(users)
      .where(and(eq(users.url, userUrl), eq(users.role, "ARTIST")))
      .limit(1);
    if (!artist) throw validationFailed({ act: [MESSAGES.accountRequired] });
    const [previous] = act.managerId
      ? await tx.select({ url: users.url, name: users.name }).from(users).where(eq(users.id, act.managerId))
      : [];
    await tx
      .update(acts)
      .set({ managerId: artist.id, internalUseOnly: false, updatedAt: new Date() })
      .where(eq(acts.id, act.id));
    await recordModeration(tx, {
      actId: act.id,
      actorId: admin.id,
      action: "reassign",
      before: {
        manager: previous?.url ?? null,
        manager_name: previous?.name ?? null,
        internal_use_only: act.internalUseOnly,
      },
      after: { manager: artist.url, manager_name: artist.name, internal_use_only: false },
    });
    await notify(tx, artist.id, "act_reassigned", { actName: act.name });
    return { message: `${act.name} reassigned to ${artist.name}` };
  });
}

export async function setFeatured(
  db: Database,
  admin: SessionUser,
  actUrl: string,
  featured: boolean,
): Promise<FeaturedResult> {
  return db.transaction(async (tx) => {
    const act = await lockAct(tx, actUrl);
    if (!act.active) throw conflict("Only an approved act can be featured");
    if (act.isFeatured !== featured) {
      await tx.update(acts).set({ isFeatured: featured, updatedAt: new Date() }).where(eq(acts.id, act.id));
      await recordModeration(tx, {
        actId: act.id,
        actorId: admin.id,
        action: featured ? "feature" : "unfeature",
        before: { is_featured: act.isFeatured ? 1 : 0 },
        after: { is_featured: featured ? 1 : 0 },
      });
    }
    return { is_featured: featured ? 1 : 0, message: MESSAGES.featured(act.name, featured) };
  });
}

export async function toggleNationallyRecognized(
  db: Database,
  admin: SessionUser,
  actUrl: string,
): Promise<NationallyRecognizedResult> {
  return db.transaction(async (tx) => {
    const act = await lockAct(tx, actUrl);
    const next = !act.nationallyRecognized;
    await tx.update(acts).set({ nationallyRecognized: next, updatedAt: new Date() }).where(eq(acts.id, act.id));
    await recordModeration(tx, {
      actId: act.id,
      actorId: admin.id,
      action: next ? "nationally_recognized" : "not_nationally_recognized",
      before: { nationallyRecognized: !next },
      after: { nationallyRecognized: next },
    });
    return { nationallyRecognized: next, message: MESSAGES.nationallyRecognized(act.name, next) };
  });
}

export async function toggleInternalUseOnly(
  db: Database,
  admin: SessionUser,
  actUrl: string,
): Promise<InternalUseOnlyResult> {
  return db.transaction(async (tx) => {
    const act = await lockAct(tx, actUrl);
    const next = !act.internalUseOnly;
    await tx.update(acts).set({ internalUseOnly: next, updatedAt: new Date() }).where(eq(acts.id, act.id));
    await recordModeration(tx, {
      actId: act.id,
      actorId: admin.id,
      action: next ? "internal_use_only" : "not_internal_use_only",
      before: { internal_use_only: !next },
      after: { internal_use_only: next },
    });
    return { internal_use_only: next, message: MESSAGES.internalUseOnly(act.name, next) };
  });
}
