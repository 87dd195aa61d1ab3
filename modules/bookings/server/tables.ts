// Bookings' tables: what this module stores. The platform's database gets them at start (start/schema.ts, and
// drizzle.config.ts for migrations); other modules' queries read them through this entry.
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "#server/db/columns";
import type { SignedAgreement } from "../agreement";
import { BOOKING_STATUSES, PAYMENT_KINDS, PAYMENT_STATUSES } from "../bookings";
import { CANCELLATION_POLICIES, LEDGER_ACCOUNTS } from "../money";
import { CASE_KINDS, CASE_STATUSES } from "../cases";
import { STORED_OFFER_STATUSES } from "../events";
import { users } from "#modules/accounts/server/tables";
import { places } from "#server/db/schema";
import { acts } from "#modules/acts/server/tables";

// ---- events, invites, offers, bookings, payments, the ledger, cases ----

export const events = pgTable(
  "events",
  {
    id: id(),
    url: text("url").notNull().unique(),
    plannerId: text("planner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    starttime: timestamp("starttime", { withTimezone: true }).notNull(),
    location: text("location").notNull(),
    /** The known place the location names, when it names one: its time zone is the event's. */
    placeId: integer("place_id").references(() => places.id),
    createdAt: createdAt(),
    /** When the planner called it off; a cancelled event books nobody and takes no offers. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    // What an act needs to quote (issue 30): all optional.
    eventType: text("event_type"),
    guests: integer("guests"),
    budgetDollars: integer("budget_dollars"),
    hours: doublePrecision("hours"),
    venue: text("venue"),
    notes: text("notes"),
  },
  (t) => [index("events_planner_idx").on(t.plannerId, t.starttime)],
);

/** What the planner pays for a booking, and when (modules/bookings/bookings.ts: paymentSchedule). */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PAYMENT_KINDS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** A day where the event happens. */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("due"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    method: text("method"),
    /** The day the act's manager says it was paid (offline), where the event happens. */
    paidOn: date("paid_on", { mode: "string" }),
    note: text("note"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /**
     * Card payments (bookings whose provider is stripe): the Checkout Session last opened (one per
     * attempt, counted for its idempotency key), the PaymentIntent that paid, when the money held
     * is released to the act, and the transfer that released it (net of the platform's fee).
     */
    checkoutSessionId: text("checkout_session_id"),
    checkoutAttempts: integer("checkout_attempts").notNull().default(0),
    paymentIntentId: text("payment_intent_id").unique(),
    releaseAt: timestamp("release_at", { withTimezone: true }),
    transferId: text("transfer_id").unique(),
    releasedCents: integer("released_cents").notNull().default(0),
    feeCents: integer("fee_cents").notNull().default(0),
    /** What came back from the act's account for a refund after release (transfer reversals). */
    reversedCents: integer("reversed_cents").notNull().default(0),
    /**
     * What refunds of this payment were asked of Stripe (at least refunded_cents): a refund
     * still on its way counts, so that a second decision takes the rest from another payment.
     */
    refundAskedCents: integer("refund_asked_cents").notNull().default(0),
    /** The charge that paid it (its PaymentIntent's), which every transfer of it names as source_transaction. */
    chargeId: text("charge_id"),
    /** What Stripe kept of the charge (its balance transaction's fee), once read; a ledger line of its own. */
    processorFeeCents: integer("processor_fee_cents"),
    /** Why Stripe last refused its release (shown to admins), and how many refusals: each retry a new idempotency key. */
    releaseError: text("release_error"),
    releaseAttempts: integer("release_attempts").notNull().default(0),
    /** What refunds asked to take back from the act's account after release (reversals asked, refused or not). */
    takeBackAskedCents: integer("take_back_asked_cents").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_release_idx").on(t.releaseAt).where(sql`${t.transferId} is null and ${t.releaseAt} is not null`),
    uniqueIndex("payments_booking_kind_unique").on(t.bookingId, t.kind),
    check("payments_amount_check", sql`${t.amountCents} > 0`),
    check("payments_kind_check", sql`${t.kind} in ('deposit', 'balance')`),
    check("payments_status_check", sql`${t.status} in ('due', 'paid', 'refunded')`),
  ],
);

/**
 * The ledger: every money event of a booking (due, paid, refunded…) is one transaction of
 * lines whose amounts sum to zero (a deferred trigger refuses any other at commit), in whole
 * cents. A booking's number and id are kept on its transactions, without a foreign key, so the
 * ledger outlives the booking and no cascade ever rewrites a line's booking; triggers refuse
 * every update, delete and truncate (migration 0059).
 */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: id(),
    bookingId: integer("booking_id"),
    bookingNumber: text("booking_number").notNull(),
    paymentId: integer("payment_id"),
    memo: text("memo").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ledger_transactions_booking_idx").on(t.bookingNumber)],
);

export const ledgerLines = pgTable(
  "ledger_lines",
  {
    id: id(),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: "cascade" }),
    account: text("account").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    index("ledger_lines_transaction_idx").on(t.transactionId),
    check("ledger_lines_amount_check", sql`${t.amountCents} <> 0`),
    check("ledger_lines_account_check", sql.raw(`account in (${LEDGER_ACCOUNTS.map((a) => `'${a}'`).join(", ")})`)),
  ],
);

export const invites = pgTable(
  "invites",
  {
    id: id(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** When the act said no to the invite. */
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    /** When the planner booked another act for the event and let this one go. */
    releasedAt: timestamp("released_at", { withTimezone: true }),
    /** The planner's words asking for a quote, as sent with the request (also a message in the thread). */
    requestMessage: text("request_message"),
    /** Why the invite fell outside what the act takes when it was sent (modules/acts/takes.ts); empty when it fit. */
    misfits: text("misfits").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex("invites_event_act_unique").on(t.eventId, t.actId), index("invites_act_idx").on(t.actId)],
);

export const offers = pgTable(
  "offers",
  {
    id: id(),
    inviteId: integer("invite_id")
      .notNull()
      .references(() => invites.id, { onDelete: "cascade" }),
    priceCents: integer("price_cents").notNull(),
    /** The travel line of the price (part of it, not added to it): what the act charged to reach the event when it sent the offer. */
    travelCents: integer("travel_cents").notNull().default(0),
    message: text("message").notNull().default(""),
    status: text("status", { enum: STORED_OFFER_STATUSES }).notNull().default("pending"),
    dateTimePosted: timestamp("date_time_posted", { withTimezone: true }).notNull().defaultNow(),
    depositCents: integer("deposit_cents").notNull().default(0),
    /** The last day the offer stands, where the event happens; null for offers made before offers expired. */
    expiresOn: date("expires_on", { mode: "string" }),
    terms: text("terms").notNull().default(""),
    /** Who sent the offer for the act: sending it is the act's signature on the agreement. */
    sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * The offering booked at once, whose terms this offer carries (packages.id; no reference, as
     * content's tables stand on these): its signature is the act's, when it made the offering instant.
     */
    instantOfferingId: integer("instant_offering_id"),
    /** What comes back to a planner who cancels (modules/bookings/money.ts computes it). */
    cancellationPolicy: text("cancellation_policy", { enum: CANCELLATION_POLICIES }).notNull().default("moderate"),
  },
  (t) => [
    index("offers_invite_idx").on(t.inviteId),
    check(
      "offers_cancellation_policy_check",
      sql`${t.cancellationPolicy} in ${sql.raw(`(${CANCELLATION_POLICIES.map((policy) => `'${policy}'`).join(", ")})`)}`,
    ),
    check("offers_price_check", sql`${t.priceCents} >= 0`),
    check("offers_status_check", sql`${t.status} in ('pending', 'accepted', 'withdrawn', 'declined', 'expired')`),
    check("offers_deposit_check", sql`${t.depositCents} between 0 and ${t.priceCents}`),
    check("offers_travel_check", sql`${t.travelCents} between 0 and ${t.priceCents}`),
  ],
);

/**
 * An act's saved answer to a lead (issue 66): the offer form fills from one. At most
 * LIMITS.quoteTemplates an act, each name once.
 */
export const quoteTemplates = pgTable(
  "quote_templates",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    depositCents: integer("deposit_cents").notNull().default(0),
    cancellationPolicy: text("cancellation_policy", { enum: CANCELLATION_POLICIES }).notNull(),
    terms: text("terms").notNull().default(""),
    message: text("message").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("quote_templates_act_name_unique").on(t.actId, sql`lower(${t.name})`),
    check("quote_templates_deposit_check", sql`${t.depositCents} between 0 and ${t.priceCents}`),
  ],
);

/** A signed agreement as a booking keeps it: with the digest of its text. */
export type StoredAgreement = SignedAgreement & { sha256: string };

export const bookings = pgTable(
  "bookings",
  {
    id: id(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    offerId: integer("offer_id")
      .notNull()
      .unique()
      .references(() => offers.id, { onDelete: "cascade" }),
    /** What both sides quote: 6 to 12 capitals and digits (modules/bookings/bookings.ts). */
    number: text("number").notNull().unique(),
    /** The planner's phone on the day, given when accepting. */
    plannerPhone: text("planner_phone"),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("confirmed"),
    /** The agreement: accepting is signing; who accepted and from which address (createdAt is when). */
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    acceptedFrom: text("accepted_from"),
    /**
     * The agreement as both sides signed it, fixed when the planner signs (modules/bookings/agreement.ts):
     * its lines, paragraphs, signatures, text and the text's SHA-256. Null for bookings made before
     * signatures were kept, whose agreement is drawn from the booking when read.
     */
    agreement: jsonb("agreement").$type<StoredAgreement>(),
    /** A booking cancelled on its own (the event may go on): when, by which side, and why. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by", { enum: ["planner", "act"] }),
    cancelReason: text("cancel_reason"),
    /** Who moves the money: offline (the planner pays the act) or stripe (through us, held and released). */
    provider: text("provider", { enum: ["offline", "stripe"] })
      .notNull()
      .default("offline"),
    /**
     * The platform's fee on card money released, fixed when the booking is made: basis points
     * (410 is 4.1%). Null for bookings made before it was fixed, which pay the fee configured.
     */
    feeBasisPoints: integer("fee_basis_points"),
    /**
     * The card the planner saved when paying by card (Checkout's setup_future_usage): Stripe's
     * customer and payment method, which the `payment_charge` job charges off-session on each
     * later payment's day. Null: nothing is charged without the planner.
     */
    cardCustomerId: text("card_customer_id"),
    cardPaymentMethodId: text("card_payment_method_id"),
    cardSavedAt: timestamp("card_saved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("bookings_status_check", sql`${t.status} in ('confirmed', 'completed', 'cancelled')`),
    check("bookings_provider_check", sql`${t.provider} in ('offline', 'stripe')`),
    uniqueIndex("bookings_event_act_unique").on(t.eventId, t.actId),
    index("bookings_act_idx").on(t.actId),
  ],
);

/**
 * A problem either side reported on a booking, and how an admin resolved it
 * (modules/bookings/cases.ts): one open at a time per booking.
 */
export const cases = pgTable(
  "cases",
  {
    id: id(),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    reportedBy: text("reported_by").references(() => users.id, { onDelete: "set null" }),
    side: text("side", { enum: ["planner", "act"] }).notNull(),
    kind: text("kind", { enum: CASE_KINDS }).notNull(),
    details: text("details").notNull(),
    status: text("status", { enum: CASE_STATUSES }).notNull().default("open"),
    refundCents: integer("refund_cents"),
    note: text("note"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** A chargeback's case: Stripe's dispute, opened and closed by its events. */
    disputeId: text("dispute_id").unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check("cases_kind_check", sql`${t.kind} in ('no_show', 'late', 'not_as_agreed', 'other', 'dispute')`),
    check("cases_status_check", sql`${t.status} in ('open', 'resolved')`),
    check("cases_side_check", sql`${t.side} in ('planner', 'act')`),
    uniqueIndex("cases_one_open_per_booking").on(t.bookingId).where(sql`${t.status} = 'open'`),
    index("cases_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * Stripe's events, each applied once: its id is kept in the transaction that applied it, so a
 * retried delivery (or the same one at two servers at once) finds it and changes nothing.
 */
/**
 * Each reminder and request sent, once per subject and moment: a job run twice (a crash after the
 * mail was queued, two servers) finds its row and sends nothing more.
 */
export const remindersSent = pgTable(
  "reminders_sent",
  {
    /** The job kind (event_reminder, payment_due, offer_expiring, review_request) and its subject's key. */
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

export const stripeEvents = pgTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** Why a signed event was not applied (its amount, currency or payment not ours): admins read these. */
    notApplied: text("not_applied"),
    /**
     * An event that came before what it needs (a charge.refunded before its checkout's completion):
     * kept whole, with the PaymentIntent it waits for, and applied when that payment is paid.
     */
    waitingFor: text("waiting_for"),
    payload: jsonb("payload"),
  },
  (t) => [index("stripe_events_waiting_idx").on(t.waitingFor).where(sql`${t.waitingFor} is not null`)],
);
