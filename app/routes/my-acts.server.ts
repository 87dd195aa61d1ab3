import { PAGING } from "#domain/limits";
import { data, redirect, type AppLoadContext } from "react-router";
import { listOwnActs, listTags } from "#modules/acts/server";
import { listArtistInvites } from "#modules/bookings/server";
import { cardPaymentsOf } from "#modules/bookings/server";

/** /my-acts: the caller's acts with their status and checklist, and invites still waiting for an offer. */
export async function loadMyActs(context: AppLoadContext) {
  const viewer = context.viewer;
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent("/my-acts")}`);
  if (viewer.role !== "ARTIST" && viewer.role !== "ADMIN")
    throw data("Only artists and admins have acts", { status: 403 });
  const [acts, invites, tags] = await Promise.all([
    listOwnActs(context.db, viewer),
    listArtistInvites(context.db, viewer, { page: 1, perPage: PAGING.maxPerPage }),
    listTags(context.db),
  ]);
  const now = Date.now();
  return {
    acts,
    /** The event types an act may say it takes. */
    eventTypes: tags.filter((tag) => tag.type === "Event Type").map((tag) => tag.name),
    /** With Stripe set up: which of the acts take card payments (their artist onboards them here). */
    cardPayments: context.cards
      ? await cardPaymentsOf(
          context.db,
          acts.map((act) => act.url),
        )
      : null,
    waitingInvites: invites.data.filter(
      (invite) => invite.state === "invited" && Date.parse(invite.event.starttime) > now,
    ),
  };
}
