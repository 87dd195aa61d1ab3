// What an act's artist reads of its invites: the invites page.
import { placePoint, travelCentsTo } from "#modules/acts/server";
import { count, desc, eq, inArray } from "drizzle-orm";
import type { PageQuery, Paged } from "#domain/paging";
import type { Invite } from "../answers";
import { dayIn } from "../events";
import { formatEventTime } from "#domain/time-zones";
import type { Executor } from "#server/db/client";
import { acts } from "#modules/acts/server/tables";
import { bookings, events, invites } from "#modules/bookings/server/tables";
import { places } from "#server/db/schema";
import { users } from "#modules/accounts/server/tables";
import { forbidden } from "#server/errors";
import { dayStatus } from "#modules/availability/server";
import type { SessionUser } from "#domain/session-user";
import { detailsOf, offerOf, inviteState, loadOffers } from "./process-answers";
import type { MisfitReason } from "#modules/acts/takes";
import { answerBy } from "../leads";

/**
 * A page of the invites to the acts the caller manages (an artist's, or an admin's own), newest
 * first; or to one act (its leads), which the caller was found to manage.
 */
export async function listArtistInvites(
  db: Executor,
  artist: SessionUser,
  paging: PageQuery,
  only?: { actId: number },
): Promise<Paged<Invite>> {
  if (artist.role !== "ARTIST" && artist.role !== "ADMIN") throw forbidden("Only artists receive invites");
  const managed = only ? eq(acts.id, only.actId) : eq(acts.managerId, artist.id);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: invites.id,
        actUrl: acts.url,
        actName: acts.name,
        eventId: events.id,
        eventUrl: events.url,
        actId: acts.id,
        eventName: events.name,
        starttime: events.starttime,
        location: events.location,
        timeZone: places.timeZone,
        declinedAt: invites.declinedAt,
        releasedAt: invites.releasedAt,
        requestMessage: invites.requestMessage,
        misfits: invites.misfits,
        createdAt: invites.createdAt,
        cancelledAt: events.cancelledAt,
        event: events,
        plannerName: users.name,
        actTravel: acts.travel,
        actPlaceId: acts.placeId,
      })
      .from(invites)
      .innerJoin(acts, eq(acts.id, invites.actId))
      .innerJoin(events, eq(events.id, invites.eventId))
      .innerJoin(users, eq(users.id, events.plannerId))
      .leftJoin(places, eq(places.id, events.placeId))
      .where(managed)
      .orderBy(desc(invites.createdAt), desc(invites.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ total: count() }).from(invites).innerJoin(acts, eq(acts.id, invites.actId)).where(managed),
  ]);
  const meta = { page: paging.page, perPage: paging.perPage, total: counted?.total ?? 0 };
  const offerRows = await loadOffers(
    db,
    rows.map((row) => row.id),
  );
  const bookingRows = rows.length
    ? await db
        .select()
        .from(bookings)
        .where(inArray(bookings.actId, [...new Set(rows.map((row) => row.actId))]))
    : [];
  // The act's other commitments that day, so an artist is warned before quoting into it.
  const actDays = await Promise.all(
    rows.map((row) => dayStatus(db, row.actId, dayIn(row.starttime, row.timeZone), row.eventId)),
  );
  // What travel to each event costs the act: the line its offer's price will carry.
  const travel = await Promise.all(
    rows.map(async (row) =>
      travelCentsTo(
        db,
        { id: row.actId, placeId: row.actPlaceId, travel: row.actTravel },
        await placePoint(db, row.event.placeId),
      ),
    ),
  );
  const data = rows.map((row, index): Invite => {
    const own = offerRows.filter((offer) => offer.inviteId === row.id);
    const booking = bookingRows.find((each) => each.eventId === row.eventId && each.actId === row.actId);
    const booked = booking !== undefined && booking.status !== "cancelled";
    const state = inviteState(
      own,
      booked,
      row.declinedAt !== null,
      row.cancelledAt !== null || booking?.status === "cancelled",
      row.releasedAt !== null,
    );
    return {
      id: row.id,
      act: { url: row.actUrl, name: row.actName },
      event: {
        url: row.eventUrl,
        name: row.eventName,
        location: row.location,
        starttime: row.starttime.toISOString(),
        short_starttime: formatEventTime(row.starttime, row.timeZone),
        time_zone: row.timeZone ?? "UTC",
        details: detailsOf(row.event),
        planner: { name: row.plannerName },
      },
      request: row.requestMessage,
      fits: row.misfits.length === 0,
      misfits: row.misfits as MisfitReason[],
      created_at: row.createdAt.toISOString(),
      answer_by: state === "invited" && own.length === 0 ? answerBy(row.createdAt).toISOString() : null,
      state,
      offers: own.map((offer) => offerOf(offer)),
      booking: booking?.number ?? null,
      act_day: actDays[index] ?? null,
      travel_cents: travel[index] ?? null,
    };
  });
  return { data, meta };
}
