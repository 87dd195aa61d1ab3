import { and, eq, isNull, ne } from "drizzle-orm";
import { formatPrice } from "#domain/prices";
import { formatEventTime } from "#domain/time-zones";
import type { Executor } from "#server/db/client";
import { bookings, invites } from "#modules/bookings/server/tables";
import { users } from "#modules/accounts/server/tables";
import type { JobQueue } from "#server/jobs/job-queue";
import type { SessionUser } from "#domain/session-user";
import type { Paying } from "../bookings";
import { newBookingNumber } from "./booking-number";
import { runInviteMove } from "./process/run-invite-move";

/** A booking number no booking has yet: 24^8 numbers make a clash rare, and a clash is drawn again. */
export async function unusedBookingNumber(tx: Executor): Promise<string> {
  for (;;) {
    const number = newBookingNumber();
    const [taken] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.number, number)).limit(1);
    if (!taken) return number;
  }
}

/** "Pat Planner, pat@example.com, +1 312 555 0142": someone to reach on the day. */
export function contactLine(person: { name: string; email: string; phone: string | null }): string {
  return [person.name, person.email, person.phone].filter(Boolean).join(", ");
}

/** What the planner owes and when, as the confirmation says it. */
export function amountsDue(priceCents: number, depositCents: number): string {
  if (depositCents <= 0) return `The price is ${formatPrice(priceCents)}, paid to the act before the event.`;
  if (depositCents >= priceCents) return `The price is ${formatPrice(priceCents)}, due now as the deposit.`;
  return `The price is ${formatPrice(priceCents)}: a deposit of ${formatPrice(depositCents)} is due now, and the balance of ${formatPrice(priceCents - depositCents)} before the event.`;
}

/** How the confirmation says to pay: on the booking's page by card, or as the act asks. */
export function howToPay(actName: string, paying: Paying): string {
  if (paying.by === "card") return "Pay by card on the booking's page.";
  return paying.instructions
    ? `Pay ${actName} directly: ${paying.instructions}`
    : `Pay ${actName} directly: they have not given payment instructions yet, so ask them in your conversation.`;
}

interface Booked {
  number: string;
  event: { id: number; name: string; starttime: Date };
  timeZone: string | null;
  act: { id: number; name: string; url: string; managerId: string | null };
  offer: { priceCents: number; depositCents: number };
  plannerPhone: string | null;
  paying: Paying;
}

/**
 * What both sides are told, each with the other's contact on the day: the planner gets the
 * booking's confirmation (its number, the amounts due), the act's artist the planner's acceptance.
 */
export async function bothSidesNotices(tx: Executor, planner: SessionUser, booked: Booked) {
  const [plannerRow] = await tx
    .select({ name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, planner.id));
  const [managerRow] = booked.act.managerId
    ? await tx
        .select({ name: users.name, email: users.email, phone: users.phone })
        .from(users)
        .where(eq(users.id, booked.act.managerId))
    : [];
  const when = formatEventTime(booked.event.starttime, booked.timeZone);
  const common = {
    actName: booked.act.name,
    actUrl: booked.act.url,
    eventName: booked.event.name,
    bookingNumber: booked.number,
    when,
  };
  const plannerContact = plannerRow
    ? contactLine({ ...plannerRow, phone: booked.plannerPhone ?? plannerRow.phone })
    : planner.name;
  return [
    {
      to: planner.id,
      kind: "booking_confirmed" as const,
      facts: {
        ...common,
        due: `${amountsDue(booked.offer.priceCents, booked.offer.depositCents)} ${howToPay(booked.act.name, booked.paying)}`,
        contact: managerRow ? contactLine(managerRow) : `${booked.act.name}, through its messages`,
      },
    },
    { to: booked.act.managerId, kind: "offer_accepted" as const, facts: { ...common, contact: plannerContact } },
  ];
}

/**
 * "My event is booked": the event's other open invites close (`released`), their waiting offers
 * are withdrawn, and each act is told, in the app and in its thread. Invites already answered
 * (declined, booked, released) are left as they are.
 */
export async function releaseOtherInvites(
  tx: Executor,
  jobs: JobQueue,
  planner: SessionUser,
  booked: Booked,
): Promise<number> {
  const open = await tx
    .select({ inviteId: invites.id })
    .from(invites)
    .leftJoin(bookings, and(eq(bookings.eventId, invites.eventId), eq(bookings.actId, invites.actId)))
    .where(
      and(
        eq(invites.eventId, booked.event.id),
        ne(invites.actId, booked.act.id),
        isNull(invites.declinedAt),
        isNull(invites.releasedAt),
        isNull(bookings.id),
      ),
    )
    .orderBy(invites.id);
  const when = formatEventTime(booked.event.starttime, booked.timeZone);
  // Each is the process's release move, on its own invite's lock (the event's is held already).
  for (const { inviteId } of open)
    await runInviteMove(tx, jobs, { inviteId, move: { invite: "release" }, by: "process" }, ({ act, offers: rows }) => {
      const waiting = rows.filter((offer) => offer.status === "pending").map((offer) => offer.id);
      return {
        offers: waiting.map((id) => ({ id, set: { status: "withdrawn" as const } })),
        callOff: waiting,
        notices: [
          {
            to: act.managerId,
            kind: "invite_released" as const,
            facts: { actName: act.name, actUrl: act.url, eventName: booked.event.name, when },
          },
        ],
        thread: {
          by: planner,
          kind: "invite" as const,
          line: `${planner.name} booked another act for ${booked.event.name}: the date is taken, and this invite is closed. Thank you for your answer.`,
        },
        result: undefined,
      };
    });
  return open.length;
}
