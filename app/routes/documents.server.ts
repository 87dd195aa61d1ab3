import { data, redirect, type AppLoadContext } from "react-router";
import { listDocuments, managedActs } from "#modules/files/server";

export async function loadDocumentsPage(context: AppLoadContext) {
  const viewer = context.viewer;
  if (!viewer) throw redirect("/login?redirectTo=/documents");
  if (viewer.role !== "ARTIST" && viewer.role !== "ADMIN")
    throw data("Only artists and admins manage documents", { status: 403 });
  const [documents, acts] = await Promise.all([listDocuments(context.db, viewer), managedActs(context.db, viewer)]);
  return { documents, acts, isAdmin: viewer.role === "ADMIN" };
}
