import { DAY_STATUSES } from "#domain/availability";
import { z } from "zod";
import { INVITE_STATES, OFFER_STATUSES } from "./events";

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
    terms: z.string().describe("The cancellation terms"),
  })
  .meta({
    id: "Offer",
    description: "An act's offer for an event it was invited to",
    example: {
      id: 1,
      price_cents: 850000,
      message: "Full band, four sets, sound included.",
      status: "accepted",
      date_time_posted: "2026-09-30T11:11:33.925Z",
      deposit_cents: 200000,
      expires_on: "2026-10-07",
      terms: "The deposit is refunded in full up to 60 days before the event.",
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
    state: z.enum(INVITE_STATES),
    offers: z.array(offerSchema).describe("Newest first"),
    review_due: z
      .boolean()
      .describe(
        "The act was booked for this event, the event has started, and the planner has not reviewed the act for it yet",
      ),
  })
  .meta({
    id: "EventInvite",
    description: "An act invited to one of the planner's events, with its offers",
    example: {
      id: 2,
      act: { url: "the-velvet-tones", name: "The Velvet Tones" },
      state: "invited",
      offers: [],
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
          state: "offered",
          offers: [
            {
              id: 1,
              price_cents: 850000,
              message: "Full band, four sets, sound included.",
              status: "pending",
              date_time_posted: "2027-03-30T15:00:00.000Z",
              deposit_cents: 200000,
              expires_on: "2027-04-06",
              terms: "",
            },
          ],
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
    state: z.enum(INVITE_STATES),
    offers: z.array(offerSchema).describe("Newest first"),
    act_day: z
      .enum(DAY_STATUSES)
      .nullable()
      .describe(
        "Why the act is not free on the event's day apart from this event (booked for another, blocked, busy), or null",
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
      state: "invited",
      offers: [],
      act_day: null,
    },
  });
export type Invite = z.infer<typeof inviteSchema>;

export const invitableEventSchema = z
  .object({ url: z.string(), name: z.string(), short_starttime: eventTimes.short_starttime })
  .meta({
    id: "InvitableEvent",
    description: "An upcoming event of the planner that the act is not yet invited to",
    example: { url: "summer-wedding", name: "Summer Wedding", short_starttime: "Sat, Jan 23, 2027, 5:00 PM CST" },
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
