import { DAY_STATUSES } from "../availability/availability";
import { z } from "zod";
import { INVITE_STATES, OFFER_STATUSES } from "./events";
import { AGREEMENT_SIDES, BOOKING_STATUSES, PAYMENT_KINDS, PAYMENT_STATUSES } from "./bookings";
import { CANCELLATION_POLICIES, LEDGER_ACCOUNTS, PAID_METHODS } from "./money";
import { CASE_KINDS, CASE_STATUSES } from "./cases";
import { fitAnswer } from "#modules/acts/takes";

/** The answers of the events, invites and offers calls. */

const actRef = z.object({ url: z.string(), name: z.string() }).meta({
  id: "ActRef",
  description: "An act, by its url and name",
  example: { url: "the-velvet-tones", name: "The Velvet Tones" },
});

export const offerSchema = z
  .object({
    id: z.number().int(),
    price_cents: z.number().int().describe("The price in US cents"),
    travel_cents: z
      .number()
      .int()
      .describe(
        "The travel line of the price, in US cents: part of price_cents, what the act charges to reach the event",
      ),
    message: z.string(),
    status: z
      .enum(OFFER_STATUSES)
      .describe("pending until the planner answers; expired once its last day has ended where the event happens"),
    date_time_posted: z.iso.datetime(),
    deposit_cents: z.number().int().describe("US cents paid on booking"),
    expires_on: z.iso
      .date()
      .nullable()
      .describe("The offer's last day, where the event happens (null for offers made before offers expired)"),
    terms: z.string().describe("The cancellation terms in the act's words"),
    cancellation_policy: z.enum(CANCELLATION_POLICIES).describe("What comes back to a planner who cancels"),
  })
  .meta({
    id: "Offer",
    description: "An act's offer for an event it was invited to",
    example: {
      id: 1,
      price_cents: 850000,
      travel_cents: 18000,
      message: "Full band, four sets, sound included.",
      status: "accepted",
      date_time_posted: "2026-09-30T11:11:33.925Z",
      deposit_cents: 200000,
      expires_on: "2026-10-07",
      terms: "The deposit is refunded in full up to 60 days before the event.",
      cancellation_policy: "moderate",
    },
  });
export type Offer = z.infer<typeof offerSchema>;

/** What an act needs to quote: each null when the planner did not say. */
export const eventDetailsAnswerSchema = z
  .object({
    event_type: z.string().nullable(),
    guests: z.number().int().nullable(),
    budget: z.number().int().nullable().describe("Whole US dollars"),
    hours: z.number().nullable().describe("Hours of entertainment"),
    venue: z.string().nullable(),
    notes: z.string().nullable(),
  })
  .meta({
    id: "EventDetails",
    description: "What an act needs to quote",
    example: {
      event_type: "Wedding",
      guests: 150,
      budget: 6000,
      hours: 4,
      venue: "The Drake Hotel",
      notes: "First dance at 8 PM.",
    },
  });
export type EventDetailsAnswer = z.infer<typeof eventDetailsAnswerSchema>;

const eventTimes = {
  starttime: z.iso.datetime(),
  short_starttime: z.string().describe("The start in the event's own time zone, as people read it"),
  time_zone: z.string().describe("The IANA time zone of the event's place"),
};

export const plannerInviteSchema = z
  .object({
    id: z.number().int(),
    act: actRef,
    ...fitAnswer,
    state: z.enum(INVITE_STATES),
    offers: z.array(offerSchema).describe("Newest first"),
    booking: z
      .string()
      .nullable()
      .describe("The booking's number once the act is booked (its page: /bookings/{number})"),
    review_due: z
      .boolean()
      .describe(
        "The act was booked for this event, the event is over (from the day after it, where it happens), and the planner has not reviewed the act for it yet",
      ),
  })
  .meta({
    id: "EventInvite",
    description: "An act invited to one of the planner's events, with its offers",
    example: {
      id: 2,
      act: { url: "the-velvet-tones", name: "The Velvet Tones" },
      fits: true,
      misfits: [],
      state: "invited",
      offers: [],
      booking: null,
      review_due: false,
    },
  });

export type PlannerInvite = z.infer<typeof plannerInviteSchema>;

export const plannerEventSchema = z
  .object({
    url: z.string(),
    name: z.string(),
    location: z.string(),
    ...eventTimes,
    cancelled: z.boolean().describe("The planner called it off"),
    details: eventDetailsAnswerSchema,
    invites: z.array(plannerInviteSchema),
  })
  .meta({
    id: "Event",
    description: "One of the planner's events, with its invites, offers and bookings",
    example: {
      url: "spring-gala",
      name: "Spring Gala",
      location: "Chicago, IL",
      starttime: "2027-04-25T23:00:00.000Z",
      short_starttime: "Sun, Apr 25, 6:00 PM CDT",
      time_zone: "America/Chicago",
      cancelled: false,
      details: { event_type: "Corporate Event", guests: 200, budget: 8000, hours: 3, venue: null, notes: null },
      invites: [
        {
          id: 1,
          act: { url: "the-velvet-tones", name: "The Velvet Tones" },
          fits: true,
          misfits: [],
          state: "offered",
          offers: [
            {
              id: 1,
              price_cents: 850000,
              travel_cents: 0,
              message: "Full band, four sets, sound included.",
              status: "pending",
              date_time_posted: "2027-03-30T15:00:00.000Z",
              deposit_cents: 200000,
              expires_on: "2027-04-06",
              terms: "",
              cancellation_policy: "moderate",
            },
          ],
          booking: null,
          review_due: false,
        },
      ],
    },
  });
export type PlannerEvent = z.infer<typeof plannerEventSchema>;

export const inviteSchema = z
  .object({
    id: z.number().int(),
    act: actRef,
    event: z.object({
      url: z.string(),
      name: z.string(),
      location: z.string(),
      ...eventTimes,
      details: eventDetailsAnswerSchema,
      planner: z.object({ name: z.string() }),
    }),
    request: z
      .string()
      .nullable()
      .describe("The planner's words asking this act for a quote, or null when the invite came without any"),
    ...fitAnswer,
    created_at: z.iso.datetime().describe("When the invite came"),
    answer_by: z.iso
      .datetime()
      .nullable()
      .describe(
        "While the invite waits for a first offer: 24 hours after it came, the response time planners see counted against (null once answered or closed)",
      ),
    state: z.enum(INVITE_STATES),
    offers: z.array(offerSchema).describe("Newest first"),
    booking: z
      .string()
      .nullable()
      .describe("The booking's number once the act is booked (its page: /bookings/{number})"),
    act_day: z
      .enum(DAY_STATUSES)
      .nullable()
      .describe(
        "Why the act is not free on the event's day apart from this event (booked for another, blocked, busy), or null",
      ),
    travel_cents: z
      .number()
      .int()
      .nullable()
      .describe(
        "What the act charges to travel to the event, in US cents: the travel line an offer's price carries (null when it prices no travel)",
      ),
  })
  .meta({
    id: "Invite",
    description: "An invite of one of the artist's acts to an event, with the act's offers",
    example: {
      id: 2,
      act: { url: "the-velvet-tones", name: "The Velvet Tones" },
      event: {
        url: "company-holiday-party",
        name: "Company Holiday Party",
        location: "Chicago, IL",
        starttime: "2026-12-24T23:00:00.000Z",
        short_starttime: "Thu, Dec 24, 5:00 PM CST",
        time_zone: "America/Chicago",
        details: {
          event_type: "Corporate Event",
          guests: 200,
          budget: 8000,
          hours: 3,
          venue: "The Drake Hotel",
          notes: "Dinner first, then dancing.",
        },
        planner: { name: "Pat Planner" },
      },
      request: "About 200 guests, three hours after dinner. What would you charge?",
      fits: false,
      misfits: ["weekday"],
      created_at: "2026-12-01T15:00:00.000Z",
      answer_by: "2026-12-02T15:00:00.000Z",
      state: "invited",
      offers: [],
      booking: null,
      act_day: null,
      travel_cents: 18000,
    },
  });
export type Invite = z.infer<typeof inviteSchema>;

export const invitableEventSchema = z
  .object({ url: z.string(), name: z.string(), short_starttime: eventTimes.short_starttime, ...fitAnswer })
  .meta({
    id: "InvitableEvent",
    description: "An upcoming event of the planner that the act is not yet invited to",
    example: {
      url: "summer-wedding",
      name: "Summer Wedding",
      short_starttime: "Sat, Jan 23, 2027, 5:00 PM CST",
      fits: true,
      misfits: [],
    },
  });
export type InvitableEvent = z.infer<typeof invitableEventSchema>;

export const reviewableEventSchema = z.object({ url: z.string(), name: z.string() }).meta({
  id: "ReviewableEvent",
  description: "A past event of the planner where the act performed and that has no review yet",
  example: { url: "spring-gala", name: "Spring Gala" },
});
export type ReviewableEvent = z.infer<typeof reviewableEventSchema>;

export const QUOTE_REQUEST_STATUSES = ["invited", "already_invited", "unavailable", "not_found"] as const;

export const quoteRequestResultSchema = z
  .object({ act: z.string().describe("The act's url, as asked"), status: z.enum(QUOTE_REQUEST_STATUSES) })
  .meta({
    id: "QuoteRequestResult",
    description:
      "What happened for one act of a quote request: invited now, invited before, booked elsewhere that day, or no act to invite",
    example: { act: "the-velvet-tones", status: "invited" },
  });
export type QuoteRequestResult = z.infer<typeof quoteRequestResultSchema>;

export const paymentSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(PAYMENT_KINDS),
    amount_cents: z.number().int(),
    due_on: z.iso.date().describe("A day where the event happens"),
    status: z.enum(PAYMENT_STATUSES),
    paid_at: z.iso.datetime().nullable(),
    paid_on: z.iso.date().nullable().describe("The day it was paid, as the act recorded it"),
    method: z.enum(PAID_METHODS).nullable(),
    refunded_cents: z.number().int(),
    refunds: z
      .array(z.object({ cents: z.number().int(), on: z.iso.date().describe("A day where the event happens") }))
      .describe("Each refund paid back of it, oldest first"),
  })
  .meta({
    id: "Payment",
    description: "One amount a booking's planner pays: the deposit or the balance",
    example: {
      id: 7,
      kind: "deposit",
      amount_cents: 150000,
      due_on: "2027-06-01",
      status: "paid",
      paid_at: "2027-06-02T15:04:00.000Z",
      paid_on: "2027-06-02",
      method: "bank_transfer",
      refunded_cents: 0,
      refunds: [],
    },
  });
export type PaymentAnswer = z.infer<typeof paymentSchema>;

const contactSchema = z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() });

const bookingEventSchema = z.object({
  url: z.string(),
  name: z.string(),
  starttime: z.iso.datetime(),
  short_starttime: z.string(),
  time_zone: z.string(),
  location: z.string(),
  venue: z.string().nullable().describe("The venue's name, when the planner gave it"),
  hours: z.number().nullable().describe("How many hours the act plays, when the planner said"),
});

const BOOKING_SUMMARY_EXAMPLE = {
  number: "K7TQ9MXA",
  status: "confirmed",
  event: {
    url: "summer-wedding-x1",
    name: "Summer Wedding",
    starttime: "2027-06-12T22:00:00.000Z",
    short_starttime: "Sat, Jun 12, 2027, 5:00 PM",
    time_zone: "America/Chicago",
    location: "Chicago, IL",
    venue: "The Drake",
    hours: 4,
  },
  act: { url: "the-velvet-tones", name: "The Velvet Tones" },
  planner: { name: "Pat Planner" },
  price_cents: 580000,
  paid_cents: 150000,
};

/** A booking as its list shows it. */
export const bookingSummarySchema = z
  .object({
    number: z.string(),
    status: z.enum(BOOKING_STATUSES),
    event: bookingEventSchema,
    act: actRef,
    planner: z.object({ name: z.string() }),
    price_cents: z.number().int(),
    paid_cents: z.number().int().describe("Paid by the planner and not refunded, in US cents"),
  })
  .meta({
    id: "BookingSummary",
    description: "A booking in a list: its number, event, act and what is paid",
    example: BOOKING_SUMMARY_EXAMPLE,
  });
export type BookingSummary = z.infer<typeof bookingSummarySchema>;

export const bookingSchema = bookingSummarySchema
  .extend({
    deposit_cents: z.number().int(),
    balance_cents: z.number().int(),
    cancellation_policy: z.enum(CANCELLATION_POLICIES),
    terms: z.string(),
    services: z.string().describe("What the act offered to do, in its offer's words"),
    payments: z.array(paymentSchema),
    refunded_cents: z.number().int(),
    refund_owed_cents: z
      .number()
      .int()
      .describe("Owed back to the planner (by the policy after a cancellation, or by a case) and not yet paid back"),
    payment_instructions: z
      .string()
      .nullable()
      .describe("How the planner pays the act directly, in the act's words (bookings paid offline; null otherwise)"),
    card_saved_at: z.iso
      .datetime()
      .nullable()
      .describe(
        "When the planner saved the card paying by card: each later payment is charged to it on its day; null when none is saved",
      ),
    contacts: z.object({ planner: contactSchema, act: contactSchema }).describe("Each side's contact on the day"),
    agreement: z
      .object({
        accepted_at: z.iso.datetime(),
        accepted_by: z.string(),
        signatures: z
          .array(
            z.object({
              side: z.enum(AGREEMENT_SIDES),
              name: z.string().describe("Who signed: for the act, whoever sent its offer"),
              signed_at: z.iso.datetime(),
            }),
          )
          .describe("The act signed by sending its offer, the planner by accepting it"),
        sha256: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .describe("The SHA-256 of `text` (UTF-8), in hex, as the agreement's PDF prints it"),
        text: z.string().describe("The agreement's text as both sides signed it, fixed when the planner accepted"),
      })
      .describe("The agreement both sides signed: when, by whom, and a digest of what was agreed"),
    provider: z.enum(["offline", "stripe"]).describe("offline: the planner pays the act directly"),
    cancellation: z
      .object({ at: z.iso.datetime(), by: z.enum(["planner", "act"]), reason: z.string() })
      .nullable()
      .describe("When, by which side and why the booking was cancelled (null unless cancelled)"),
  })
  .meta({
    id: "Booking",
    description: "A booking, for its two sides and admins: the agreement, the payments, each side's contact",
    example: {
      ...BOOKING_SUMMARY_EXAMPLE,
      deposit_cents: 150000,
      balance_cents: 430000,
      cancellation_policy: "moderate",
      terms: "",
      services: "Full band, four sets, sound included.",
      payments: [],
      refunded_cents: 0,
      refund_owed_cents: 0,
      payment_instructions: "Bank transfer to The Velvet Tones LLC, or Zelle to pay@velvettones.example",
      card_saved_at: null,
      contacts: {
        planner: { name: "Pat Planner", email: "planner@example.com", phone: "+1 312 555 0142" },
        act: { name: "Alex Artist", email: "artist@example.com", phone: null },
      },
      agreement: {
        accepted_at: "2027-01-10T18:22:00.000Z",
        accepted_by: "Pat Planner",
        signatures: [
          { side: "act", name: "Alex Artist for The Velvet Tones", signed_at: "2027-01-08T15:02:11.000Z" },
          { side: "planner", name: "Pat Planner", signed_at: "2027-01-10T18:22:00.000Z" },
        ],
        sha256: "9f2c1d6a0b8e4f3a7c5d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b",
        text: "Booking: GDQTJ79Y\nEvent: June Wedding\n…",
      },
      provider: "offline",
      cancellation: null,
    },
  });
export type BookingAnswer = z.infer<typeof bookingSchema>;

export const cancellationQuoteSchema = z
  .object({
    refund_cents: z.number().int().describe("What would come back to the planner, in US cents"),
    kept_cents: z.number().int().describe("What the act would keep of what was paid, in US cents"),
  })
  .meta({
    id: "CancellationQuote",
    description: "What a cancellation by the caller's side today would refund and keep",
    example: { refund_cents: 0, kept_cents: 150000 },
  });

/** One line of a booking's double-entry ledger: debits positive, credits negative; a transaction's lines sum to 0. */
export const ledgerLineSchema = z
  .object({
    transaction: z.number().int().describe("The transaction the line belongs to"),
    account: z.enum(LEDGER_ACCOUNTS),
    amount_cents: z.number().int().describe("US cents: a debit positive, a credit negative"),
    memo: z.string().describe("What moved the money, as people read it"),
    at: z.iso.datetime(),
  })
  .meta({
    id: "LedgerLine",
    description: "A line of a booking's ledger",
    example: {
      transaction: 3,
      account: "act_received",
      amount_cents: 150000,
      memo: "Deposit recorded as paid by bank transfer",
      at: "2026-11-27T15:00:00.000Z",
    },
  });
export type LedgerLineAnswer = z.infer<typeof ledgerLineSchema>;

/** A problem reported on a booking, and how an admin resolved it. */
export const caseSchema = z
  .object({
    id: z.number().int(),
    booking: z.string().describe("The booking's number"),
    act: z.object({ url: z.string(), name: z.string() }),
    planner: z.object({ name: z.string() }),
    event: z.object({
      name: z.string(),
      time_zone: z.string().describe("Where the event happens: the days a case is read in"),
    }),
    side: z.enum(["planner", "act"]).describe("Which side reported it"),
    reporter: z.string().describe("The name of whoever reported it"),
    kind: z.enum(CASE_KINDS),
    details: z.string(),
    status: z.enum(CASE_STATUSES),
    refund_cents: z.number().int().nullable().describe("A resolved case: what the act owes back, in US cents"),
    note: z.string().nullable().describe("A resolved case: the admin's note, which both sides read"),
    created_at: z.iso.datetime(),
    resolved_at: z.iso.datetime().nullable(),
    conversation_id: z.number().int().nullable().describe("The booking's conversation, for admins to read"),
  })
  .meta({
    id: "Case",
    description: "A problem reported on a booking",
    example: {
      id: 1,
      booking: "K7TQ9MXA",
      act: { url: "the-velvet-tones", name: "The Velvet Tones" },
      planner: { name: "Pat Planner" },
      event: { name: "Summer Wedding", time_zone: "America/Chicago" },
      side: "planner",
      reporter: "Pat Planner",
      kind: "late",
      details: "The band started an hour late.",
      status: "open",
      refund_cents: null,
      note: null,
      created_at: "2027-06-13T10:00:00.000Z",
      resolved_at: null,
      conversation_id: 12,
    },
  });
export type CaseAnswer = z.infer<typeof caseSchema>;

/** A case as a report or a resolution answers it. */
export const caseResultSchema = z.object({ case: caseSchema }).meta({
  id: "CaseResult",
  description: "The case as it now stands",
  example: { case: caseSchema.meta()?.example as CaseAnswer },
});

export const cardRedirectSchema = z
  .object({ url: z.url().describe("Where to send the person next: a page of Stripe's (Checkout, onboarding)") })
  .meta({
    id: "CardRedirect",
    description: "A Stripe address to open",
    example: { url: "https://checkout.stripe.com/c/pay/cs_test_a1b2c3" },
  });

export const webhookReceivedSchema = z
  .object({
    received: z.literal(true),
    applied: z.boolean().describe("false when this event was applied before (Stripe retried it)"),
  })
  .meta({ id: "WebhookReceived", description: "The event was verified", example: { received: true, applied: true } });

export const quoteTemplateAnswerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    price_cents: z.number().int().describe("US cents"),
    deposit_cents: z.number().int().describe("US cents paid on booking"),
    cancellation_policy: z.enum(CANCELLATION_POLICIES),
    terms: z.string(),
    message: z.string(),
  })
  .meta({
    id: "QuoteTemplate",
    description: "A saved answer to leads: the offer form fills from it",
    example: {
      id: 1,
      name: "Four-hour wedding",
      price_cents: 250000,
      deposit_cents: 50000,
      cancellation_policy: "moderate",
      terms: "Two 45-minute sets and a DJ break.",
      message: "Thank you for thinking of us! Here is our standard wedding package.",
    },
  });
export type QuoteTemplate = z.infer<typeof quoteTemplateAnswerSchema>;
