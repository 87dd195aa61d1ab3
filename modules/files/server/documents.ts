import { and, asc, count, eq } from "drizzle-orm";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import type { ActDocument } from "../answers";
import type { CreatedResult, MessageResult } from "#domain/resources/results";
import { documentTypeLabel } from "../media";
import { canManageAct } from "#domain/permissions";
import { DOCUMENT_REQUIRED, type DocumentInput } from "../document-schemas";
import type { Database, Executor } from "#server/db/client";
import { acts } from "#modules/acts/server/tables";
import { documents } from "#modules/files/server/tables";
import { conflict, forbidden, notFound } from "#server/errors";
import type { FileStorage } from "#server/storage/file-storage";
import { actAccess } from "#modules/acts/server";
import { requireManagedAct, requireManagedActById } from "#modules/acts/server";
import { notify } from "#modules/notifications/server";
import { requireUpload } from "./uploads";
import type { SessionUser } from "#domain/session-user";

/** Documents of the acts the caller manages (admins: every act), optionally of one act. */
export async function listDocuments(db: Executor, viewer: SessionUser, actUrl?: string): Promise<ActDocument[]> {
  if (viewer.role !== "ARTIST" && viewer.role !== "ADMIN") throw forbidden("Only artists and admins manage documents");
  if (actUrl) await requireManagedAct(db, viewer, actUrl);
  const rows = await db
    .select({ doc: documents, actUrl: acts.url, actName: acts.name })
    .from(documents)
    .innerJoin(acts, eq(acts.id, documents.actId))
    .where(
      and(
        actUrl ? eq(acts.url, actUrl) : undefined,
        viewer.role === "ADMIN" ? undefined : eq(acts.managerId, viewer.id),
      ),
    )
    .orderBy(asc(acts.name), asc(documents.createdAt));
  return rows.map(
    ({ doc, actUrl: url, actName }): ActDocument => ({
      id: doc.id,
      act: { url, name: actName },
      title: doc.title,
      file_path: doc.filePath,
      file_path_raw: doc.filePathRaw,
      type: documentTypeLabel(doc.filePathRaw || doc.filePath),
      is_public: doc.isPublic,
      approval: doc.approval,
      created_at: doc.createdAt.toISOString(),
    }),
  );
}

/** The acts whose documents the caller manages, for the page's act picker. */
export async function managedActs(db: Executor, viewer: SessionUser) {
  const rows = await db
    .select({
      url: acts.url,
      name: acts.name,
      managerId: acts.managerId,
      active: acts.active,
      internalUseOnly: acts.internalUseOnly,
    })
    .from(acts)
    .orderBy(asc(acts.name));
  return rows.filter((act) => canManageAct(viewer, actAccess(act))).map(({ url, name }) => ({ url, name }));
}

export async function createDocument(
  db: Database,
  viewer: SessionUser,
  actUrl: string,
  input: DocumentInput,
): Promise<CreatedResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  const upload = await requireUpload(db, viewer, input.path, "document", "path", DOCUMENT_REQUIRED);
  const [existing] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.filePath, input.path))
    .limit(1);
  if (existing) throw conflict("This file is already a document");
  const [kept] = await db.select({ value: count() }).from(documents).where(eq(documents.actId, act.id));
  if ((kept?.value ?? 0) >= LIMITS.maxDocuments) throw conflict(MESSAGES.tooManyDocuments);
  const [row] = await db
    .insert(documents)
    .values({
      actId: act.id,
      title: input.title,
      filePath: input.path,
      filePathRaw: upload.originalName,
      isPublic: input.is_public,
      approval: "pending",
    })
    .returning({ id: documents.id });
  return { id: row!.id, message: `${input.title} uploaded` };
}

export async function findDocument(db: Executor, viewer: SessionUser, id: number) {
  const [doc] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  if (!doc) throw notFound("No such document");
  await requireManagedActById(db, viewer, doc.actId);
  return doc;
}

export async function deleteDocument(
  db: Database,
  storage: FileStorage,
  viewer: SessionUser,
  id: number,
): Promise<MessageResult> {
  const doc = await findDocument(db, viewer, id);
  await db.delete(documents).where(eq(documents.id, id));
  await storage.remove(doc.filePath).catch(() => undefined);
  return { message: `${doc.title} Deleted` };
}

export async function setDocumentApproval(
  db: Database,
  _admin: SessionUser,
  id: number,
  approval: "approved" | "declined",
): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    const [doc] = await tx.update(documents).set({ approval }).where(eq(documents.id, id)).returning();
    if (!doc) throw notFound("No such document");
    const [act] = await tx
      .select({ name: acts.name, url: acts.url, managerId: acts.managerId })
      .from(acts)
      .where(eq(acts.id, doc.actId));
    if (act) {
      await notify(tx, act.managerId, approval === "approved" ? "document_approved" : "document_declined", {
        documentTitle: doc.title,
        actName: act.name,
      });
    }
    return { message: `${doc.title} ${approval === "approved" ? "Approved" : "Declined"}` };
  });
}
