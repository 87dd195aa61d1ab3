import { type AppLoadContext, data, redirect } from "react-router";
import { ApiError } from "#server/errors";
import { dayIn } from "#modules/bookings/events";
import { keptBookingView, ledgerOf } from "#modules/bookings/server";
import { casesOfBooking } from "#modules/bookings/server";

/** A booking's page: guests sign in first; anyone but its two sides and admins finds nothing. */
export async function loadBooking(context: AppLoadContext, url: URL, number: string) {
  const viewer = context.viewer;
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  try {
    const source = { db: context.db, cache: context.readCache };
    const { bookingId, booking, side, quote, hasCases } = await keptBookingView(source, viewer, number);
    const [cases, ledger] = await Promise.all([
      hasCases ? casesOfBooking(context.db, bookingId) : [],
      // Admins read the booking's money as the ledger has it: what is held, released, owed.
      viewer.role === "ADMIN" ? ledgerOf(context.db, viewer, number) : Promise.resolve(null),
    ]);
    // Back from Stripe Checkout: the payment is paid when Stripe's webhook says so, which may be a moment later.
    const paidNow = Number(url.searchParams.get("paid")) || null;
    const now = new Date();
    return {
      booking,
      side,
      quote,
      cases,
      ledger,
      paidNow,
      today: dayIn(now, booking.event.time_zone),
      // From the event's start a booking is no longer cancelled, and what went wrong may be that nobody came.
      started: now >= new Date(booking.event.starttime),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data("No such booking", { status: 404 });
    throw error;
  }
}
