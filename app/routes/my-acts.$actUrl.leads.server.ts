import { data, redirect, type AppLoadContext } from "react-router";
import { PAGING } from "#domain/limits";
import { ApiError } from "#server/errors";
import { requireManagedAct } from "#modules/acts/server";
import { listArtistInvites, listQuoteTemplates } from "#modules/bookings/server";
import { LEAD_GROUPS, type LeadGroup, leadGroupOf } from "#modules/bookings/leads";

/**
 * An act's leads (issue 66): its invites grouped new, quoted, booked and lost, each with when
 * it wants an answer, and the act's quote templates its offer forms fill from. The act's
 * manager and admins; anyone else gets the page the API would answer (403 or 404).
 */
export async function loadActLeads(context: AppLoadContext, actUrl: string) {
  const viewer = context.viewer;
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(`/my-acts/${actUrl}/leads`)}`);
  try {
    const act = await requireManagedAct(context.db, viewer, actUrl);
    const [invites, templates] = await Promise.all([
      listArtistInvites(context.db, viewer, { page: 1, perPage: PAGING.maxPerPage }, { actId: act.id }),
      listQuoteTemplates(context.db, viewer, actUrl),
    ]);
    const groups = Object.fromEntries(LEAD_GROUPS.map((group) => [group, [] as typeof invites.data])) as Record<
      LeadGroup,
      typeof invites.data
    >;
    for (const invite of invites.data) groups[leadGroupOf(invite.state)].push(invite);
    // New leads soonest due first; the rest newest first, as they came.
    groups.new.sort((a, b) => (a.answer_by ?? "").localeCompare(b.answer_by ?? ""));
    return {
      act: { url: act.url, name: act.name, takes: act.takes },
      groups,
      total: invites.meta.total,
      shown: invites.data.length,
      templates,
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404))
      throw data(error.message, { status: error.status });
    throw error;
  }
}
