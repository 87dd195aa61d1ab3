import { and, asc, eq, inArray } from "drizzle-orm";
import type { TagUpdateRequest } from "../answers";
import type { MessageResult } from "#domain/resources/results";
import { MESSAGES } from "#domain/messages";
import { canDecideTagUpdateRequest, canManageAct, canRequestTagUpdate } from "#domain/permissions";
import type { TagSelectionInput } from "../tag-schemas";
import type { ActTagRelation, TagType } from "#domain/tags";
import type { Database, Executor, Transaction } from "#server/db/client";
import { isUniqueViolation } from "#server/db/errors";
import { actTags, acts, tags } from "#modules/acts/server/tables";
import { tagUpdateRequestTags, tagUpdateRequests } from "#modules/moderation/server/tables";
import { conflict, forbidden, validationFailed } from "#server/errors";
import { actAccess, findVisibleAct } from "#modules/acts/server";
import { lockAct } from "./act-moderation";
import { recordModeration } from "./moderation-log";
import { notify } from "#modules/notifications/server";
import type { SessionUser } from "#domain/session-user";

/** The relations a tag edit replaces; event types, styles and occasions are left alone. */
const EDITED_RELATIONS: ActTagRelation[] = ["genres", "songTypes", "bandSetups", "varietyTypes", "speakerTypes"];

type Selection = { musical: boolean; relations: Partial<Record<ActTagRelation, number[]>> };

/** Checks every id is a tag of the type its field takes, and sorts non-musical tags by type. */
async function resolveSelection(db: Executor, input: TagSelectionInput): Promise<Selection> {
  const ids = input.musical ? [...input.genres, ...input["song-types"], ...input["band-setups"]] : input.tags;
  const rows = ids.length ? await db.select().from(tags).where(inArray(tags.id, ids)) : [];
  const typeOf = new Map(rows.map((row) => [row.id, row.type as TagType]));
  const errors: Record<string, string[]> = {};
  const check = (field: string, list: number[], allowed: TagType[]) => {
    if (list.some((tagId) => !allowed.includes(typeOf.get(tagId)!)))
      errors[field] = [`Choose from the ${allowed.join(" and ")} tags`];
  };
  if (input.musical) {
    check("genres", input.genres, ["Genre"]);
    check("song-types", input["song-types"], ["Song Type"]);
    check("band-setups", input["band-setups"], ["Band Setup"]);
    if (Object.keys(errors).length) throw validationFailed(errors);
    return {
      musical: true,
      relations: { genres: input.genres, songTypes: input["song-types"], bandSetups: input["band-setups"] },
    };
  }
  check("tags", input.tags, ["Variety Type", "Speaker Type"]);
  if (Object.keys(errors).length) throw validationFailed(errors);
  return {
    musical: false,
    relations: {
      varietyTypes: input.tags.filter((tagId) => typeOf.get(tagId) === "Variety Type"),
      speakerTypes: input.tags.filter((tagId) => typeOf.get(tagId) === "Speaker Type"),
    },
  };
}

async function currentTagIds(tx: Executor, actId: number) {
  const rows = await tx
    .select()
    .from(actTags)
    .where(and(eq(actTags.actId, actId), inArray(actTags.relation, EDITED_RELATIONS)));
  const result: Record<string, number[]> = {};
  for (const row of rows) (result[row.relation] ??= []).push(row.tagId);
  return result;
}

async function applySelection(tx: Transaction, actId: number, selection: Selection) {
  await tx.delete(actTags).where(and(eq(actTags.actId, actId), inArray(actTags.relation, EDITED_RELATIONS)));
  const values = Object.entries(selection.relations).flatMap(([relation, ids]) =>
    ids.map((tagId) => ({ actId, relation, tagId })),
  );
  if (values.length) await tx.insert(actTags).values(values);
  await tx.update(acts).set({ musical: selection.musical, updatedAt: new Date() }).where(eq(acts.id, actId));
}

/** Admins change an act's tags at once. */
export async function editTags(
  db: Database,
  admin: SessionUser,
  actUrl: string,
  input: TagSelectionInput,
): Promise<MessageResult> {
  const selection = await resolveSelection(db, input);
  await db.transaction(async (tx) => {
    const act = await lockAct(tx, actUrl);
    const before = { musical: act.musical, ...(await currentTagIds(tx, act.id)) };
    await applySelection(tx, act.id, selection);
    await recordModeration(tx, {
      actId: act.id,
      actorId: admin.id,
      action: "edit_tags",
      before,
      after: { musical: selection.musical, ...selection.relations },
    });
  });
  return { message: "Tags updated" };
}

/** The act's artist asks for new tags; one pending request per act. */
export async function requestTagUpdate(
  db: Database,
  viewer: SessionUser,
  actUrl: string,
  input: TagSelectionInput,
): Promise<MessageResult> {
  const act = await findVisibleAct(db, actUrl, viewer);
  if (!canRequestTagUpdate(viewer, actAccess(act)))
    throw forbidden("Only the act's artist or an admin may request a tag update");
  const selection = await resolveSelection(db, input);
  try {
    await db.transaction(async (tx) => {
      const [request] = await tx
        .insert(tagUpdateRequests)
        .values({ actId: act.id, requestedBy: viewer.id, musical: selection.musical })
        .returning();
      const values = Object.entries(selection.relations).flatMap(([relation, ids]) =>
        ids.map((tagId) => ({ requestId: request!.id, relation, tagId })),
      );
      if (values.length) await tx.insert(tagUpdateRequestTags).values(values);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("This act already has a pending tag update request");
    throw error;
  }
  return { message: "Request sent" };
}

async function lockPendingRequest(tx: Transaction, actId: number) {
  const [request] = await tx
    .select()
    .from(tagUpdateRequests)
    .where(and(eq(tagUpdateRequests.actId, actId), eq(tagUpdateRequests.status, "pending")))
    .for("update");
  if (!request) throw conflict("There is no pending tag update request");
  return request;
}

export async function cancelTagUpdateRequest(
  db: Database,
  viewer: SessionUser,
  actUrl: string,
): Promise<MessageResult> {
  const act = await findVisibleAct(db, actUrl, viewer);
  if (!canRequestTagUpdate(viewer, actAccess(act)))
    throw forbidden("Only the act's artist or an admin may cancel the request");
  await db.transaction(async (tx) => {
    const request = await lockPendingRequest(tx, act.id);
    await tx
      .update(tagUpdateRequests)
      .set({ status: "canceled", decidedAt: new Date(), decidedBy: viewer.id })
      .where(eq(tagUpdateRequests.id, request.id));
  });
  return { message: MESSAGES.requestCanceled };
}

export async function decideTagUpdateRequest(
  db: Database,
  admin: SessionUser,
  actUrl: string,
  accept: boolean,
): Promise<MessageResult> {
  if (!canDecideTagUpdateRequest(admin)) throw forbidden();
  await db.transaction(async (tx) => {
    const act = await lockAct(tx, actUrl);
    const request = await lockPendingRequest(tx, act.id);
    const requested = await tx
      .select()
      .from(tagUpdateRequestTags)
      .where(eq(tagUpdateRequestTags.requestId, request.id));
    const relations: Partial<Record<ActTagRelation, number[]>> = {};
    for (const row of requested) (relations[row.relation as ActTagRelation] ??= []).push(row.tagId);
    const before = { musical: act.musical, ...(await currentTagIds(tx, act.id)) };
    if (accept) await applySelection(tx, act.id, { musical: request.musical, relations });
    await tx
      .update(tagUpdateRequests)
      .set({ status: accept ? "accepted" : "declined", decidedAt: new Date(), decidedBy: admin.id })
      .where(eq(tagUpdateRequests.id, request.id));
    await recordModeration(tx, {
      actId: act.id,
      actorId: admin.id,
      action: accept ? "accept_tag_request" : "decline_tag_request",
      before,
      after: accept ? { musical: request.musical, ...relations } : before,
    });
    await notify(tx, request.requestedBy ?? act.managerId, accept ? "tag_request_accepted" : "tag_request_declined", {
      actName: act.name,
      actUrl: act.url,
    });
  });
  return { message: accept ? MESSAGES.requestAccepted : MESSAGES.requestDeclined };
}

/** Pending requests, oldest first; the act's manager and admins only. */
export async function listTagUpdateRequests(
  db: Executor,
  viewer: SessionUser | null,
  actUrl: string,
): Promise<TagUpdateRequest[]> {
  const act = await findVisibleAct(db, actUrl, viewer);
  if (!canManageAct(viewer, actAccess(act))) throw forbidden();
  return pendingRequests(db, act.id);
}

export async function pendingRequests(db: Executor, actId: number): Promise<TagUpdateRequest[]> {
  const requests = await db
    .select()
    .from(tagUpdateRequests)
    .where(and(eq(tagUpdateRequests.actId, actId), eq(tagUpdateRequests.status, "pending")))
    .orderBy(asc(tagUpdateRequests.createdAt));
  if (!requests.length) return [];
  const rows = await db
    .select({
      requestId: tagUpdateRequestTags.requestId,
      relation: tagUpdateRequestTags.relation,
      id: tags.id,
      name: tags.name,
      type: tags.type,
    })
    .from(tagUpdateRequestTags)
    .innerJoin(tags, eq(tags.id, tagUpdateRequestTags.tagId))
    .where(
      inArray(
        tagUpdateRequestTags.requestId,
        requests.map((request) => request.id),
      ),
    )
    .orderBy(asc(tags.name));
  return requests.map(
    (request): TagUpdateRequest => ({
      id: request.id,
      status: request.status,
      musical: request.musical,
      created_at: request.createdAt.toISOString(),
      tags: rows
        .filter((row) => row.requestId === request.id)
        .map((row) => ({
          id: row.id,
          name: row.name,
          type: row.type as TagType,
          relation: row.relation as ActTagRelation,
        })),
    }),
  );
}
