import { z } from "zod";
import { INVITE_STATES, OFFER_STATUSES } from "../events";

/** The answers of the events, invites and offers calls (CONTRACT.md, Events, invites, offers, bookings). */

const actRef = z.object({ url: z.string(), name: z.string() }).meta({ id: "ActRef", description: "An act, by its url and name" });

export const offerSchema = z
  .object({
    id: z.number().int(),
    price_cents: z.number().int().describe("The price in US cents"),
    message: z.string(),
    status: z.enum(OFFER_STATUSES),
    date_time_posted: z.iso.datetime(),
  })
  .meta({ id: "Offer", description: "An act's offer for an event it was invited to", example: { id: 1, price_cents: 850000, message: "Full band, four sets, sound included.", status: "accepted", date_time_posted: "2026-09-30T11:11:33.925Z" } });
export type Offer = z.infer<typeof offerSchema>;

const eventTimes = {
  starttime: z.iso.datetime(),
  short_starttime: z.string().describe("The start in the event's own time zone, as people read it"),
  time_zone: z.string().describe("The IANA time zone of the event's place"),
};

export const plannerInviteSchema = z
  .object({ id: z.number().int(), act: actRef, state: z.enum(INVITE_STATES), offers: z.array(offerSchema).describe("Newest first") })
  .meta({ id: "EventInvite", description: "An act invited to one of the planner's events, with its offers" });

export const plannerEventSchema = z
  .object({ url: z.string(), name: z.string(), location: z.string(), ...eventTimes, invites: z.array(plannerInviteSchema) })
  .meta({ id: "Event", description: "One of the planner's events, with its invites, offers and bookings" });
export type PlannerEvent = z.infer<typeof plannerEventSchema>;

export const inviteSchema = z
  .object({
    id: z.number().int(),
    act: actRef,
    event: z.object({ url: z.string(), name: z.string(), location: z.string(), ...eventTimes }),
    state: z.enum(INVITE_STATES),
    offers: z.array(offerSchema).describe("Newest first"),
  })
  .meta({ id: "Invite", description: "An invite of one of the artist's acts to an event, with the act's offers" });
export type Invite = z.infer<typeof inviteSchema>;

export const invitableEventSchema = z
  .object({ url: z.string(), name: z.string(), short_starttime: eventTimes.short_starttime })
  .meta({ id: "InvitableEvent", description: "An upcoming event of the planner that the act is not yet invited to" });
export type InvitableEvent = z.infer<typeof invitableEventSchema>;

export const reviewableEventSchema = z
  .object({ url: z.string(), name: z.string() })
  .meta({ id: "ReviewableEvent", description: "A past event of the planner where the act performed and that has no review yet" });
export type ReviewableEvent = z.infer<typeof reviewableEventSchema>;
