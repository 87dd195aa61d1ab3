// What the two sides of a booking (and admins) read of it: the bookings list and one booking.
import { type SQL, and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { createHash } from "node:crypto";
import { alias } from "drizzle-orm/pg-core";
import type { PageQuery, Paged } from "#domain/paging";
import { formatEventTime } from "#domain/time-zones";
import { type Executor, runsQueriesSideBySide } from "#server/db/client";
import { type ReadSource, cachedRead } from "#server/cache/cached-read";
import { actTag, bookingTag, userTag } from "#server/db/change-notices";
import { acts } from "#modules/acts/server/tables";
import {
  type StoredAgreement,
  bookings,
  cases,
  events,
  ledgerLines,
  ledgerTransactions,
  offers,
  payments,
} from "#modules/bookings/server/tables";
import { type AgreementSignature, type SignedAgreement, signAgreement } from "../agreement";
import { places } from "#server/db/schema";
import { users } from "#modules/accounts/server/tables";
import { canManageAct } from "#domain/permissions";
import { actAccess } from "#modules/acts/server";
import { MESSAGES } from "#domain/messages";
import { conflict, forbidden, notFound } from "#server/errors";
import type { SessionUser } from "#domain/session-user";
import type { BookingAnswer, BookingSummary, LedgerLineAnswer, PaymentAnswer } from "../answers";
import { bookingBalances, bookingLedger, refundsPaid } from "./ledger";
import type { LedgerAccount } from "../money";
import { refundIfCancelled } from "./process/what-was-paid";
import { BOOKING_NUMBER_PATTERN, bookingStatusAt } from "../bookings";
import { dayIn } from "../events";
import type { CancellingSide, PaidMethod } from "../money";

const planners = alias(users, "planners");
const managers = alias(users, "managers");
const senders = alias(users, "senders");

/**
 * The planner has signed: the agreement is drawn from the booking as it now stands (its payments
 * scheduled) and kept with its digest, so later changes to names, venue or instructions leave what
 * was signed as it was. In the accepting move's transaction.
 */
export async function recordAgreement(tx: Executor, planner: SessionUser, number: string): Promise<void> {
  const { bookingId, agreement } = await bookingView(tx, planner, number);
  await tx.update(bookings).set({ agreement }).where(eq(bookings.id, bookingId));
}

/** Which bookings a viewer may read: a planner their events', an artist their acts', an admin all. */
function visibleTo(viewer: SessionUser): SQL | undefined {
  if (viewer.role === "ADMIN") return undefined;
  if (viewer.role === "PLANNER") return eq(events.plannerId, viewer.id);
  return eq(acts.managerId, viewer.id);
}

function bookingRows(db: Executor) {
  return db
    .select({
      booking: bookings,
      offer: {
        priceCents: offers.priceCents,
        depositCents: offers.depositCents,
        terms: offers.terms,
        message: offers.message,
        sentAt: offers.dateTimePosted,
        instantOfferingId: offers.instantOfferingId,
      },
      /** Who sent the offer for the act (null for offers sent before senders were kept, or removed accounts). */
      senderName: senders.name,
      senderId: senders.id,
      policy: offers.cancellationPolicy,
      event: {
        url: events.url,
        name: events.name,
        starttime: events.starttime,
        location: events.location,
        venue: events.venue,
        hours: events.hours,
      },
      timeZone: places.timeZone,
      act: { url: acts.url, name: acts.name, managerId: acts.managerId, paymentInstructions: acts.paymentInstructions },
      planner: { id: planners.id, name: planners.name, email: planners.email, phone: planners.phone },
      manager: { name: managers.name, email: managers.email, phone: managers.phone },
    })
    .from(bookings)
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(acts, eq(acts.id, bookings.actId))
    .innerJoin(planners, eq(planners.id, events.plannerId))
    .leftJoin(managers, eq(managers.id, acts.managerId))
    .leftJoin(senders, eq(senders.id, offers.sentBy))
    .leftJoin(places, eq(places.id, events.placeId));
}
export type BookingRow = Awaited<ReturnType<typeof bookingRows>>[number];

type RefundPaid = Awaited<ReturnType<typeof refundsPaid>>[number];

function paymentOf(
  payment: typeof payments.$inferSelect,
  refunds: RefundPaid[] = [],
  timeZone: string | null = null,
): PaymentAnswer {
  return {
    id: payment.id,
    kind: payment.kind,
    amount_cents: payment.amountCents,
    due_on: payment.dueOn,
    status: payment.status,
    paid_at: payment.paidAt?.toISOString() ?? null,
    paid_on: payment.paidOn,
    method: payment.method as PaidMethod | null,
    refunded_cents: payment.refundedCents,
    refunds: refunds
      .filter((refund) => refund.paymentId === payment.id)
      .map((refund) => ({ cents: refund.cents, on: dayIn(refund.at, timeZone) })),
  };
}

/** What the planner has paid and not had back: its payments paid, less what was refunded of them. */
const paidOf = (rows: (typeof payments.$inferSelect)[]) =>
  rows
    .filter((payment) => payment.status !== "due")
    .reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0);

function summaryOf(row: BookingRow, paymentRows: (typeof payments.$inferSelect)[]): BookingSummary {
  return {
    number: row.booking.number,
    status: bookingStatusAt(row.booking.status, row.event.starttime, row.timeZone),
    event: {
      url: row.event.url,
      name: row.event.name,
      starttime: row.event.starttime.toISOString(),
      short_starttime: formatEventTime(row.event.starttime, row.timeZone),
      time_zone: row.timeZone ?? "UTC",
      location: row.event.location,
      venue: row.event.venue,
      hours: row.event.hours,
    },
    act: { url: row.act.url, name: row.act.name },
    planner: { name: row.planner.name },
    price_cents: row.offer.priceCents,
    paid_cents: paidOf(paymentRows),
  };
}

async function paymentsOf(db: Executor, bookingIds: number[]) {
  if (!bookingIds.length) return [];
  return db.select().from(payments).where(inArray(payments.bookingId, bookingIds)).orderBy(asc(payments.dueOn));
}

/** A page of the viewer's bookings, soonest event first. */
export async function listBookings(
  db: Executor,
  viewer: SessionUser,
  paging: PageQuery,
): Promise<Paged<BookingSummary>> {
  const where = visibleTo(viewer);
  const [rows, [counted]] = await Promise.all([
    bookingRows(db)
      .where(where)
      .orderBy(asc(events.starttime), asc(bookings.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db
      .select({ total: count() })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .innerJoin(acts, eq(acts.id, bookings.actId))
      .where(where),
  ]);
  const paymentRows = await paymentsOf(
    db,
    rows.map((row) => row.booking.id),
  );
  return {
    data: rows.map((row) =>
      summaryOf(
        row,
        paymentRows.filter((payment) => payment.bookingId === row.booking.id),
      ),
    ),
    meta: { page: paging.page, perPage: paging.perPage, total: counted?.total ?? 0 },
  };
}

/** The booking, for its planner, its act's manager and admins; anyone else is told there is none. */
export async function findBooking(db: Executor, viewer: SessionUser, number: string): Promise<BookingRow> {
  if (!BOOKING_NUMBER_PATTERN.test(number)) throw notFound("No such booking");
  const [row] = await bookingRows(db)
    .where(and(eq(bookings.number, number), visibleTo(viewer)))
    .limit(1);
  if (!row) throw notFound("No such booking");
  return row;
}

/** A booking by id, whoever asks: for a move that has already found it for its viewer, or a job's. */
export async function bookingRowById(db: Executor, bookingId: number): Promise<BookingRow | undefined> {
  const [row] = await bookingRows(db).where(eq(bookings.id, bookingId)).limit(1);
  return row;
}

/** Each side's contact; the day-of phones only for the two sides themselves. */
function contactsFor(row: BookingRow, isSide: boolean): BookingAnswer["contacts"] {
  const phone = (value: string | null) => (isSide ? value : null);
  return {
    planner: {
      name: row.planner.name,
      email: row.planner.email,
      phone: phone(row.booking.plannerPhone ?? row.planner.phone),
    },
    act: row.manager
      ? { name: row.manager.name, email: row.manager.email, phone: phone(row.manager.phone) }
      : { name: row.act.name, email: "", phone: null },
  };
}

/** One booking whole: the agreement, its payments and each side's contact on the day. */
export async function bookingDetail(source: ReadSource, viewer: SessionUser, number: string): Promise<BookingAnswer> {
  return (await keptBookingView(source, viewer, number)).booking;
}

/** What a booking's view is drawn from: its row and joins, its payments, its ledger's figures, whether it has cases. */
interface BookingRecord {
  row: BookingRow;
  paymentRows: (typeof payments.$inferSelect)[];
  balances: Record<LedgerAccount, number>;
  refunds: RefundPaid[];
  hasCases: boolean;
}

/** A booking's record by its number, whoever asks (the viewer is checked by viewOf). */
async function readBookingRecord(db: Executor, number: string): Promise<BookingRecord | undefined> {
  const [row] = await bookingRows(db).where(eq(bookings.number, number)).limit(1);
  if (!row) return undefined;
  const reads = [
    () => paymentsOf(db, [row.booking.id]),
    () => bookingBalances(db, number),
    () => refundsPaid(db, number),
    () => db.select({ id: cases.id }).from(cases).where(eq(cases.bookingId, row.booking.id)).limit(1),
  ] as const;
  // Side by side on a pool; in turn in a transaction (the accept move's), whose one connection takes one query at a time.
  const [paymentRows, balances, refunds, anyCase] = runsQueriesSideBySide(db)
    ? await Promise.all([reads[0](), reads[1](), reads[2](), reads[3]()])
    : [await reads[0](), await reads[1](), await reads[2](), await reads[3]()];
  return { row, paymentRows, balances, refunds, hasCases: anyCase.length > 0 };
}

/**
 * A booking's record kept by what it was read from (decision 0058): its own rows notify
 * `booking:<number>` (migration 0068), its act `act:<url>`, its event and people `user:<id>`. The
 * booking page, the booking's API answer and its PDFs read it; moves read afresh in their
 * transaction.
 */
const keptBookingRecord = cachedRead({
  name: "booking-records",
  maxEntries: 5_000,
  key: (number: string) => number,
  tags: (number: string) => [bookingTag(number)],
  tagsFound: (record: BookingRecord | undefined) =>
    record
      ? [
          actTag(record.row.act.url),
          userTag(record.row.planner.id),
          ...(record.row.act.managerId ? [userTag(record.row.act.managerId)] : []),
          ...(record.row.senderId ? [userTag(record.row.senderId)] : []),
        ]
      : [],
  read: readBookingRecord,
});

/** What a booking's view gives: see bookingView. */
export interface BookingView {
  bookingId: number;
  /** The address the planner accepted from: kept with the agreement, printed on admins' copy only. */
  acceptedFrom: string | null;
  booking: BookingAnswer;
  /** The agreement as signed, as the paper draws it. */
  agreement: StoredAgreement;
  side: CancellingSide | null;
  quote: CancellationQuote | null;
  /** Whether anything was reported on it: its page reads the cases only then. */
  hasCases: boolean;
}

/**
 * The booking as bookingDetail answers it, which side of it the viewer is (null for an admin),
 * and for a side what cancelling today would give back: one read of the booking and its payments.
 */
export async function bookingView(
  db: Executor,
  viewer: SessionUser,
  number: string,
  now = new Date(),
): Promise<BookingView> {
  if (!BOOKING_NUMBER_PATTERN.test(number)) throw notFound("No such booking");
  return viewOf(await readBookingRecord(db, number), viewer, now);
}

/** bookingView from the booking's kept record: for reads outside a move's transaction. */
export async function keptBookingView(
  source: ReadSource,
  viewer: SessionUser,
  number: string,
  now = new Date(),
): Promise<BookingView> {
  if (!BOOKING_NUMBER_PATTERN.test(number)) throw notFound("No such booking");
  return viewOf(await keptBookingRecord(source, number), viewer, now);
}

/** The view of a record for its viewer: its two sides and admins; anyone else is told there is none. */
function viewOf(record: BookingRecord | undefined, viewer: SessionUser, now: Date): BookingView {
  if (!record || !mayRead(record.row, viewer)) throw notFound("No such booking");
  const { row, paymentRows, balances, refunds } = record;
  const side = sideOf(row, viewer);
  const { booking, agreement } = bookingAnswer(viewer, row, paymentRows, balances, refunds);
  return {
    bookingId: row.booking.id,
    acceptedFrom: row.booking.acceptedFrom,
    booking,
    agreement,
    side,
    quote: side ? quoteFor(row, paymentRows, balances, side, now) : null,
    hasCases: record.hasCases,
  };
}

/** visibleTo, on a row already read: a planner their events', an artist their acts', an admin all. */
function mayRead(row: BookingRow, viewer: SessionUser): boolean {
  if (viewer.role === "ADMIN") return true;
  if (viewer.role === "PLANNER") return row.planner.id === viewer.id;
  return row.act.managerId === viewer.id;
}

function bookingAnswer(
  viewer: SessionUser,
  row: BookingRow,
  paymentRows: (typeof payments.$inferSelect)[],
  balances: Record<LedgerAccount, number>,
  refunds: RefundPaid[],
): { booking: BookingAnswer; agreement: StoredAgreement } {
  const answer: Omit<BookingAnswer, "agreement"> = {
    ...summaryOf(row, paymentRows),
    deposit_cents: row.offer.depositCents,
    balance_cents: row.offer.priceCents - row.offer.depositCents,
    cancellation_policy: row.policy,
    terms: row.offer.terms,
    services: row.offer.message,
    payments: paymentRows.map((payment) => paymentOf(payment, refunds, row.timeZone)),
    refunded_cents: paymentRows.reduce((sum, payment) => sum + payment.refundedCents, 0),
    // The ledger's refund_owed holds what the policy or a case gave back and is not yet paid back (negative).
    refund_owed_cents: Math.max(-balances.refund_owed, 0),
    payment_instructions: row.booking.provider === "offline" ? row.act.paymentInstructions : null,
    card_saved_at: row.booking.cardSavedAt?.toISOString() ?? null,
    contacts: contactsFor(row, sideOf(row, viewer) !== null),
    provider: row.booking.provider,
    cancellation:
      row.booking.cancelledAt && row.booking.cancelledBy
        ? {
            at: row.booking.cancelledAt.toISOString(),
            by: row.booking.cancelledBy,
            reason: row.booking.cancelReason ?? "",
          }
        : null,
  };
  // Signed when the planner accepted; a booking from before signatures were kept is drawn now.
  const agreement =
    row.booking.agreement ??
    withDigest(signAgreement(answer, signaturesOf(row), row.offer.instantOfferingId === null ? "offer" : "instant"));
  return {
    booking: {
      ...answer,
      agreement: {
        accepted_at: row.booking.createdAt.toISOString(),
        accepted_by: row.planner.name,
        signatures: agreement.signatures,
        sha256: agreement.sha256,
        text: agreement.text,
      },
    },
    agreement,
  };
}

/** Both sides' signatures on a booking: whoever sent the offer for the act, when; the planner when accepting. */
export function signaturesOf(row: BookingRow): AgreementSignature[] {
  return [
    {
      side: "act",
      name: row.senderName ? `${row.senderName} for ${row.act.name}` : row.act.name,
      signed_at: row.offer.sentAt.toISOString(),
    },
    { side: "planner", name: row.planner.name, signed_at: row.booking.createdAt.toISOString() },
  ];
}

/** A signed agreement with the SHA-256 of its text, in hex: what either side can check a copy against. */
export const withDigest = (signed: SignedAgreement): StoredAgreement => ({
  ...signed,
  sha256: createHash("sha256").update(signed.text, "utf8").digest("hex"),
});

/** Which side of the booking the viewer is, if any (admins read every booking but are neither). */
export function sideOf(row: BookingRow, viewer: SessionUser): CancellingSide | null {
  if (row.planner.id === viewer.id) return "planner";
  if (row.act.managerId === viewer.id) return "act";
  return null;
}

type CancellationQuote = { refund_cents: number; kept_cents: number };

/** What cancelling now would give back and keep: the cancel move's own rule, on the same figures. */
function quoteFor(
  row: BookingRow,
  paymentRows: (typeof payments.$inferSelect)[],
  balances: Record<LedgerAccount, number>,
  side: CancellingSide,
  now: Date,
): CancellationQuote {
  const { refundCents, keptCents } = refundIfCancelled(row, paymentRows, balances, side, now);
  return { refund_cents: refundCents, kept_cents: keptCents };
}

/** What comes back and what is kept if the viewer's side cancelled the booking today. */
export async function cancellationQuote(
  db: Executor,
  viewer: SessionUser,
  number: string,
  now = new Date(),
): Promise<CancellationQuote> {
  const { quote, booking } = await bookingView(db, viewer, number, now);
  if (!quote) throw forbidden(MESSAGES.notABookingSide);
  // The same guard as the cancel move: from the event's start there is nothing to quote.
  if (booking.status !== "cancelled" && now >= new Date(booking.event.starttime))
    throw conflict(MESSAGES.cancelAfterStart);
  return quote;
}

/** A booking's ledger, for admins: every line, oldest first (a booking not there is 404). */
export async function ledgerOf(db: Executor, admin: SessionUser, number: string): Promise<LedgerLineAnswer[]> {
  const booking = await findBooking(db, admin, number);
  return (await bookingLedger(db, booking.booking.number)).map((line) => ({
    transaction: line.transaction,
    account: line.account as LedgerLineAnswer["account"],
    amount_cents: line.amountCents,
    memo: line.memo,
    at: new Date(line.at).toISOString(),
  }));
}

/**
 * An act's statement, for its manager and admins (anyone else: 404): per booking, what reached
 * the act (the ledger's act_received) and our fee, from its ledger, oldest event first.
 */
export async function actStatement(db: Executor, viewer: SessionUser, actUrl: string) {
  const [act] = await db.select().from(acts).where(eq(acts.url, actUrl)).limit(1);
  if (!act || !canManageAct(viewer, actAccess(act))) throw notFound("No such act");
  const rows = await db
    .select({
      number: bookings.number,
      event: events.name,
      starttime: events.starttime,
      timeZone: places.timeZone,
      received: sql<string>`coalesce(sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.account} = 'act_received'), 0)`,
      fee: sql<string>`coalesce(-sum(${ledgerLines.amountCents}) filter (where ${ledgerLines.account} = 'platform_fee'), 0)`,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(places, eq(places.id, events.placeId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.bookingId, bookings.id))
    .innerJoin(ledgerLines, eq(ledgerLines.transactionId, ledgerTransactions.id))
    .where(eq(bookings.actId, act.id))
    .groupBy(bookings.number, events.name, events.starttime, places.timeZone)
    .orderBy(asc(events.starttime));
  const lines = rows
    .map((row) => ({
      number: row.number,
      event: row.event,
      day: dayIn(row.starttime, row.timeZone),
      receivedCents: Number(row.received),
      feeCents: Number(row.fee),
    }))
    .filter((line) => line.receivedCents !== 0 || line.feeCents !== 0);
  // "As of" is a day where the act is based (its events' own days are each in their zone).
  const [base] = act.placeId
    ? await db.select({ timeZone: places.timeZone }).from(places).where(eq(places.id, act.placeId))
    : [];
  return { act: { name: act.name, url: act.url }, lines, today: dayIn(new Date(), base?.timeZone ?? null) };
}
