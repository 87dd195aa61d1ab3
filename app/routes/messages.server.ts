import { decimalId } from "#domain/schemas/fields";
import { data, redirect, type AppLoadContext } from "react-router";
import { pageQueryOf } from "#domain/paging";
import { LIMITS } from "#domain/limits";
import { canWriteConversation } from "#modules/conversations/conversations";
import { ApiError } from "#server/errors";
import { listConversations, readKeptConversation } from "#modules/conversations/server";
import { waitingOfferInThread } from "#modules/bookings/server";

function signedIn(context: AppLoadContext, url: URL) {
  if (!context.viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  return context.viewer;
}

/** /messages: the caller's conversations, a page at a time; an admin's are all of them, found with ?q=. */
export async function loadConversations(context: AppLoadContext, url: URL) {
  const viewer = signedIn(context, url);
  const admin = viewer.role === "ADMIN";
  const q = admin ? (url.searchParams.get("q") ?? "").trim().slice(0, LIMITS.name) : "";
  const page = await listConversations(context.db, viewer, { ...pageQueryOf(url), q });
  return { ...page, admin, q };
}

/** /messages/{id}: one conversation, which reading marks read; 404 for anyone who may not read it. */
export async function loadConversation(context: AppLoadContext, url: URL, id: string | undefined) {
  const viewer = signedIn(context, url);
  const conversationId = decimalId(id);
  if (conversationId === null) throw data("No such conversation", { status: 404 });
  try {
    const source = { db: context.db, cache: context.readCache };
    const { sides, conversation } = await readKeptConversation(source, viewer, conversationId);
    const waiting = await waitingOfferInThread(
      source,
      viewer,
      { plannerId: sides.plannerId, act: sides.act, eventUrl: sides.event?.url ?? null },
      context.cards,
    );
    return { conversation, waiting, canWrite: canWriteConversation(viewer, sides), viewerRole: viewer.role };
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") throw data("No such conversation", { status: 404 });
    throw error;
  }
}
