import { z } from "zod";

/**
 * What we tell people, and when (issue 15): one entry per kind, with the words of the
 * in-app notification and of its email, and the page the reader acts on. The server writes
 * a notification (and its email, unless the reader turned that kind off) in the same
 * transaction as the change that caused it.
 */

export const NOTIFICATION_KINDS = [
  "act_approved",
  "act_declined",
  "act_reassigned",
  "tag_request_accepted",
  "tag_request_declined",
  "document_approved",
  "document_declined",
  "act_invited",
  "invite_withdrawn",
  "invite_declined",
  "event_cancelled",
  "offer_received",
  "offer_expiring",
  "offer_accepted",
  "booking_confirmed",
  "invite_released",
  "event_reminder",
  "payment_due",
  "payment_recorded",
  "card_paid",
  "payment_received",
  "payment_failed",
  "refund_paid",
  "payout_sent",
  "booking_cancelled",
  "problem_reported",
  "case_opened",
  "case_resolved",
  "review_requested",
  "offer_declined",
  "offer_withdrawn",
  "review_posted",
  "review_reply",
  "review_removed",
  "message",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * What each kind mentions, and nothing else: a schema each, so a caller that forgets a fact or
 * names one the kind does not say fails to compile, and notify() parses what it is given before
 * writing the words. A fact means one thing within its kind (`due`: what is due, in the words of
 * that kind's sentence; `when`: the event's time where it happens).
 */
export const NOTIFICATION_FACTS = {
  act_approved: z.object({ actName: z.string(), actUrl: z.string() }),
  act_declined: z.object({ actName: z.string(), actUrl: z.string(), reason: z.string().nullable().optional() }),
  act_reassigned: z.object({ actName: z.string() }),
  tag_request_accepted: z.object({ actName: z.string(), actUrl: z.string() }),
  tag_request_declined: z.object({ actName: z.string(), actUrl: z.string() }),
  document_approved: z.object({ actName: z.string(), documentTitle: z.string() }),
  document_declined: z.object({ actName: z.string(), documentTitle: z.string() }),
  act_invited: z.object({ actName: z.string(), eventName: z.string() }),
  invite_withdrawn: z.object({ actName: z.string(), eventName: z.string() }),
  invite_declined: z.object({ actName: z.string(), eventName: z.string() }),
  event_cancelled: z.object({ actName: z.string(), eventName: z.string() }),
  offer_received: z.object({ actName: z.string(), eventName: z.string(), price: z.string() }),
  offer_expiring: z.object({ actName: z.string(), day: z.string(), eventName: z.string(), price: z.string() }),
  offer_accepted: z.object({
    actName: z.string(),
    bookingNumber: z.string().optional(),
    contact: z.string().optional(),
    eventName: z.string(),
    when: z.string().optional(),
  }),
  booking_confirmed: z.object({
    actName: z.string(),
    bookingNumber: z.string(),
    contact: z.string(),
    due: z.string(),
    eventName: z.string(),
    when: z.string(),
  }),
  event_reminder: z.object({
    actName: z.string(),
    bookingNumber: z.string(),
    contact: z.string(),
    due: z.string(),
    eventName: z.string(),
    soon: z.string(),
    venue: z.string(),
    when: z.string(),
  }),
  payment_due: z.object({
    actName: z.string(),
    bookingNumber: z.string(),
    day: z.string(),
    due: z.string().optional(),
    eventName: z.string(),
    paymentKind: z.string(),
    price: z.string(),
    soon: z.string(),
  }),
  payment_recorded: z.object({
    actName: z.string(),
    bookingNumber: z.string(),
    day: z.string(),
    eventName: z.string(),
    paymentKind: z.string(),
    price: z.string(),
  }),
  card_paid: z.object({
    actName: z.string(),
    bookingNumber: z.string(),
    due: z.string(),
    eventName: z.string(),
    fromName: z.string(),
    paymentKind: z.string(),
    price: z.string(),
  }),
  payment_received: z.object({
    actName: z.string(),
    bookingNumber: z.string(),
    eventName: z.string(),
    paymentKind: z.string(),
    price: z.string(),
  }),
  payment_failed: z.object({
    actName: z.string(),
    bookingNumber: z.string(),
    eventName: z.string(),
    paymentKind: z.string(),
    price: z.string(),
    /** What the bank said, in the planner's words. */
    reason: z.string(),
    /** A Stripe Checkout address for this payment (good for 24 hours), or "" when none could be made. */
    checkoutUrl: z.string(),
  }),
  refund_paid: z.object({
    actName: z.string(),
    bookingNumber: z.string(),
    eventName: z.string(),
    price: z.string(),
    reason: z.string().nullable(),
  }),
  payout_sent: z.object({
    actName: z.string(),
    bookingNumber: z.string(),
    due: z.string(),
    eventName: z.string(),
    paymentKind: z.string(),
    price: z.string(),
  }),
  booking_cancelled: z.object({
    actName: z.string(),
    bookingNumber: z.string(),
    due: z.string(),
    eventName: z.string(),
    excerpt: z.string(),
    fromName: z.string(),
  }),
  problem_reported: z.object({
    actName: z.string(),
    bookingNumber: z.string(),
    eventName: z.string(),
    excerpt: z.string(),
    fromName: z.string(),
    reason: z.string().nullable(),
  }),
  case_opened: z.object({
    actName: z.string(),
    bookingNumber: z.string(),
    eventName: z.string(),
    excerpt: z.string(),
    fromName: z.string(),
    reason: z.string().nullable(),
  }),
  case_resolved: z.object({
    actName: z.string(),
    bookingNumber: z.string(),
    due: z.string(),
    eventName: z.string(),
    excerpt: z.string(),
  }),
  review_requested: z.object({
    actName: z.string(),
    actUrl: z.string(),
    eventName: z.string(),
    eventUrl: z.string().optional(),
  }),
  invite_released: z.object({ actName: z.string(), eventName: z.string(), when: z.string() }),
  offer_declined: z.object({ actName: z.string(), eventName: z.string(), price: z.string() }),
  offer_withdrawn: z.object({ actName: z.string(), eventName: z.string(), price: z.string() }),
  review_posted: z.object({ actName: z.string(), actUrl: z.string(), rating: z.number() }),
  review_reply: z.object({ actName: z.string(), actUrl: z.string(), excerpt: z.string() }),
  review_removed: z.object({
    actName: z.string(),
    actUrl: z.string(),
    excerpt: z.string(),
    reason: z.string().nullable().optional(),
  }),
  message: z.object({
    actName: z.string(),
    conversationId: z.number().optional(),
    excerpt: z.string(),
    fromName: z.string(),
  }),
} satisfies Record<NotificationKind, z.ZodType>;
export type FactsOf<K extends NotificationKind> = z.infer<(typeof NOTIFICATION_FACTS)[K]>;
/** A notice to send: a kind with that kind's facts, as one value (a union over the kinds). */
export type Notice = { [K in NotificationKind]: { kind: K; facts: FactsOf<K> } }[NotificationKind];

export interface NotificationText {
  /** The email's subject and the notification's title. */
  title: string;
  /** One or two sentences: the email's body and the notification's text. */
  body: string;
  /** The page to act on, a path on this site. */
  link: string;
}

const actPage = (facts: { actUrl?: string }) => `/entertainment/${facts.actUrl ?? ""}`;
/** Every mail about a booking links to the booking's own page. */
const bookingPage = (facts: { bookingNumber?: string }) => `/bookings/${encodeURIComponent(facts.bookingNumber ?? "")}`;

/** For each kind: who gets it, the line of the settings page, the email's button, and its words. */
export const NOTIFICATIONS: {
  [K in NotificationKind]: {
    setting: string;
    action: string;
    /** Who gets it: admins' kinds are about the marketplace's own work (a case to read). */
    recipient: "artist" | "planner" | "both" | "admin";
    text: (facts: FactsOf<K>) => NotificationText;
  };
} = {
  act_approved: {
    setting: "An act of mine is approved",
    action: "See the profile",
    recipient: "artist",
    text: (f) => ({
      title: `${f.actName} is approved`,
      body: `${f.actName} is live: planners can now find and book it.`,
      link: actPage(f),
    }),
  },
  act_declined: {
    setting: "An act of mine is declined",
    action: "Update the profile",
    recipient: "artist",
    text: (f) => ({
      title: `${f.actName} was declined`,
      body: `${f.actName} was not approved.${f.reason ? ` The reason: ${f.reason}` : ""} Update the profile and submit it again.`,
      link: actPage(f),
    }),
  },
  act_reassigned: {
    setting: "An act is given to me to manage",
    action: "See my acts",
    recipient: "artist",
    text: (f) => ({
      title: `You now manage ${f.actName}`,
      body: `An admin gave you ${f.actName} to manage.`,
      link: "/my-acts",
    }),
  },
  tag_request_accepted: {
    setting: "My request for new tags is accepted",
    action: "See the profile",
    recipient: "artist",
    text: (f) => ({
      title: `New tags for ${f.actName}`,
      body: `Your request to update the tags of ${f.actName} was accepted.`,
      link: actPage(f),
    }),
  },
  tag_request_declined: {
    setting: "My request for new tags is declined",
    action: "See the profile",
    recipient: "artist",
    text: (f) => ({
      title: `Tag request for ${f.actName} declined`,
      body: `Your request to update the tags of ${f.actName} was declined.`,
      link: actPage(f),
    }),
  },
  document_approved: {
    setting: "A document of mine is approved",
    action: "See my documents",
    recipient: "artist",
    text: (f) => ({
      title: `${f.documentTitle} approved`,
      body: `The document ${f.documentTitle} of ${f.actName} was approved.`,
      link: "/documents",
    }),
  },
  document_declined: {
    setting: "A document of mine is declined",
    action: "See my documents",
    recipient: "artist",
    text: (f) => ({
      title: `${f.documentTitle} declined`,
      body: `The document ${f.documentTitle} of ${f.actName} was declined.`,
      link: "/documents",
    }),
  },
  act_invited: {
    setting: "An act of mine is invited to an event",
    action: "See the invite",
    recipient: "artist",
    text: (f) => ({
      title: `${f.actName} is invited to ${f.eventName}`,
      body: `A planner invited ${f.actName} to ${f.eventName}. Answer with an offer.`,
      link: "/invites",
    }),
  },
  invite_withdrawn: {
    setting: "A planner withdraws an invite",
    action: "See your invites",
    recipient: "artist",
    text: (f) => ({
      title: `${f.eventName} no longer invites ${f.actName}`,
      body: `The planner withdrew the invite of ${f.actName} to ${f.eventName}, and any offer on it with the invite.`,
      link: "/invites",
    }),
  },
  invite_declined: {
    setting: "An act declines my invite",
    action: "See your events",
    recipient: "planner",
    text: (f) => ({
      title: `${f.actName} declined ${f.eventName}`,
      body: `${f.actName} declined your invite to ${f.eventName}. Find another act for it.`,
      link: "/events",
    }),
  },
  event_cancelled: {
    setting: "A planner cancels an event my act is invited to",
    action: "See your invites",
    recipient: "artist",
    text: (f) => ({
      title: `${f.eventName} is cancelled`,
      body: `The planner cancelled ${f.eventName}, to which ${f.actName} was invited. Any offer or booking for it has ended.`,
      link: "/invites",
    }),
  },
  offer_received: {
    setting: "An act makes me an offer",
    action: "See the offer",
    recipient: "planner",
    text: (f) => ({
      title: `An offer from ${f.actName}`,
      body: `${f.actName} offers to play ${f.eventName} for ${f.price}.`,
      link: "/events",
    }),
  },
  offer_expiring: {
    setting: "An offer I have not answered is about to end",
    action: "Answer the offer",
    recipient: "planner",
    text: (f) => ({
      title: `The offer from ${f.actName} for ${f.eventName} ends ${f.day}`,
      body: `${f.actName} offers to play ${f.eventName} for ${f.price}, open until ${f.day}. Accept or decline it before then.`,
      link: "/events",
    }),
  },
  offer_accepted: {
    setting: "A planner accepts an offer of mine",
    action: "See the booking",
    recipient: "artist",
    text: (f) => ({
      title: `${f.actName} is booked for ${f.eventName}`,
      body: `The planner accepted your offer: ${f.actName} is booked for ${f.eventName}${f.when ? `, ${f.when}` : ""}.${f.bookingNumber ? ` Booking ${f.bookingNumber}.` : ""}${f.contact ? ` The planner on the day: ${f.contact}.` : ""}`,
      link: bookingPage(f),
    }),
  },
  booking_confirmed: {
    setting: "My booking is confirmed",
    action: "See the booking",
    recipient: "planner",
    text: (f) => ({
      title: `Booking ${f.bookingNumber}: ${f.actName} for ${f.eventName}`,
      body: `${f.actName} is booked for ${f.eventName}, ${f.when}. Your booking number is ${f.bookingNumber}. ${f.due} The act on the day: ${f.contact}.`,
      link: bookingPage(f),
    }),
  },
  event_reminder: {
    setting: "A booked event is coming up",
    action: "See the booking",
    recipient: "both",
    text: (f) => ({
      title: `${f.eventName} is ${f.soon}: ${f.actName}`,
      body: `${f.actName} plays ${f.eventName}, ${f.when}, at ${f.venue}. Booking ${f.bookingNumber}. ${f.due} On the day, reach ${f.contact}.`,
      link: bookingPage(f),
    }),
  },
  payment_due: {
    setting: "A payment for my booking is due",
    action: "See the booking",
    recipient: "planner",
    text: (f) => ({
      title: `${f.price} due ${f.soon} for ${f.eventName}`,
      body: `The ${f.paymentKind} of ${f.price} for ${f.actName} at ${f.eventName} (booking ${f.bookingNumber}) is due ${f.day}. ${f.due ?? `Pay ${f.actName} as you agreed.`}`,
      link: bookingPage(f),
    }),
  },
  payment_recorded: {
    setting: "An act records a payment I made",
    action: "See the booking",
    recipient: "planner",
    text: (f) => ({
      title: `${f.actName} recorded your ${f.paymentKind} of ${f.price}`,
      body: `${f.actName} says your ${f.paymentKind} of ${f.price} for ${f.eventName} (booking ${f.bookingNumber}) was paid on ${f.day}. Your receipt is on the booking.`,
      link: bookingPage(f),
    }),
  },
  card_paid: {
    setting: "A planner pays a booking by card",
    action: "See the booking",
    recipient: "artist",
    text: (f) => ({
      title: `${f.fromName} paid the ${f.paymentKind} of ${f.price} by card`,
      body: `${f.fromName} paid the ${f.paymentKind} of ${f.price} for ${f.actName} at ${f.eventName} (booking ${f.bookingNumber}). We hold it and release it to your account ${f.due}.`,
      link: bookingPage(f),
    }),
  },
  payment_received: {
    setting: "My card payment goes through",
    action: "See the booking",
    recipient: "planner",
    text: (f) => ({
      title: `Your ${f.paymentKind} of ${f.price} is paid`,
      body: `We received your card payment of ${f.price}, the ${f.paymentKind} for ${f.actName} at ${f.eventName} (booking ${f.bookingNumber}). We hold it for the act until it is due to them. Your receipt is on the booking.`,
      link: bookingPage(f),
    }),
  },
  payment_failed: {
    setting: "My saved card could not be charged",
    action: "Pay on the booking",
    recipient: "planner",
    text: (f) => ({
      title: `We could not charge your card: ${f.price} for ${f.eventName}`,
      body: `${f.reason} The ${f.paymentKind} of ${f.price} for ${f.actName} at ${f.eventName} (booking ${f.bookingNumber}) is still due. ${f.checkoutUrl ? `Pay it on Stripe: ${f.checkoutUrl} (good for 24 hours), or from the booking's page.` : "Pay it by card from the booking's page."}`,
      link: bookingPage(f),
    }),
  },
  refund_paid: {
    setting: "Money is paid back to me",
    action: "See the booking",
    recipient: "planner",
    text: (f) => ({
      title: `${f.price} paid back to you for booking ${f.bookingNumber}`,
      body: `${f.reason} (${f.actName} at ${f.eventName}, booking ${f.bookingNumber}). Your receipt is on the booking.`,
      link: bookingPage(f),
    }),
  },
  payout_sent: {
    setting: "Money from a booking is released to my account",
    action: "See the booking",
    recipient: "artist",
    text: (f) => ({
      title: `${f.price} released to you for booking ${f.bookingNumber}`,
      body: `${f.price} of the ${f.paymentKind} for ${f.actName} at ${f.eventName} (booking ${f.bookingNumber}) is on its way to your Stripe account${f.due}.`,
      link: bookingPage(f),
    }),
  },
  booking_cancelled: {
    setting: "The other side cancels a booking",
    action: "See the booking",
    recipient: "both",
    text: (f) => ({
      title: `Booking ${f.bookingNumber} is cancelled: ${f.actName} for ${f.eventName}`,
      body: `${f.fromName} cancelled the booking of ${f.actName} for ${f.eventName}: "${f.excerpt}". ${f.due}`,
      link: bookingPage(f),
    }),
  },
  problem_reported: {
    setting: "The other side reports a problem with a booking",
    action: "See the booking",
    recipient: "both",
    text: (f) => ({
      title: `${f.fromName} reported a problem with booking ${f.bookingNumber}`,
      body: `${f.fromName} reported "${f.reason}" on the booking of ${f.actName} for ${f.eventName}: "${f.excerpt}". An admin will look at it and tell you both what was decided.`,
      link: bookingPage(f),
    }),
  },
  case_opened: {
    setting: "A problem is reported on a booking",
    action: "Read the case",
    recipient: "admin",
    text: (f) => ({
      title: `A problem is reported on booking ${f.bookingNumber}`,
      body: `${f.fromName} reported “${f.reason}” on booking ${f.bookingNumber} (${f.actName} for ${f.eventName}): ${f.excerpt}`,
      link: "/admin/cases",
    }),
  },
  case_resolved: {
    setting: "An admin resolves a problem reported on a booking",
    action: "See the booking",
    recipient: "both",
    text: (f) => ({
      title: `The problem with booking ${f.bookingNumber} is resolved`,
      body: `An admin resolved the problem reported on the booking of ${f.actName} for ${f.eventName}: “${f.excerpt}” ${f.due}`,
      link: bookingPage(f),
    }),
  },
  review_requested: {
    setting: "An act I booked is ready for my review",
    action: "Write the review",
    recipient: "planner",
    text: (f) => ({
      title: `How was ${f.actName}?`,
      body: `${f.eventName} is over. Tell other planners how ${f.actName} did: your review is marked as a verified booking.`,
      link: `${actPage(f)}?review=${encodeURIComponent(f.eventUrl ?? "")}#reviews`,
    }),
  },
  invite_released: {
    setting: "A planner books another act for an event my act is invited to",
    action: "See your invites",
    recipient: "artist",
    text: (f) => ({
      title: `${f.eventName} is booked with another act`,
      body: `The planner booked another act for ${f.eventName}, ${f.when}: the date is taken, and the invite of ${f.actName} is closed, with any offer on it.`,
      link: "/invites",
    }),
  },
  offer_declined: {
    setting: "A planner declines an offer of mine",
    action: "See your invites",
    recipient: "artist",
    text: (f) => ({
      title: `${f.eventName} declined the offer of ${f.actName}`,
      body: `The planner declined your offer of ${f.price} for ${f.eventName}.`,
      link: "/invites",
    }),
  },
  offer_withdrawn: {
    setting: "An act withdraws its offer",
    action: "See your events",
    recipient: "planner",
    text: (f) => ({
      title: `${f.actName} withdrew its offer`,
      body: `${f.actName} withdrew its offer of ${f.price} for ${f.eventName}.`,
      link: "/events",
    }),
  },
  review_posted: {
    setting: "An act of mine is reviewed",
    action: "Read the review",
    recipient: "artist",
    text: (f) => ({
      title: `A new review of ${f.actName}`,
      body: `${f.actName} has a new ${f.rating}-star review.`,
      link: `${actPage(f)}#reviews`,
    }),
  },
  review_reply: {
    setting: "An act answers my review",
    action: "Read the answer",
    recipient: "planner",
    text: (f) => ({
      title: `${f.actName} answered your review`,
      body: `${f.actName} answered your review: "${f.excerpt}"`,
      link: `${actPage(f)}#reviews`,
    }),
  },
  review_removed: {
    setting: "A review I wrote, or of my act, is removed",
    action: "See the profile",
    recipient: "both",
    text: (f) => ({
      title: `A review of ${f.actName} was removed`,
      body: `An admin removed the review "${f.excerpt}" of ${f.actName}.${f.reason ? ` The reason: ${f.reason}` : ""}`,
      link: `${actPage(f)}#reviews`,
    }),
  },
  message: {
    setting: "Someone writes to me in a conversation",
    action: "Read and answer",
    recipient: "both",
    text: (f) => ({
      title: `A message from ${f.fromName} about ${f.actName}`,
      body: `${f.fromName} wrote: "${f.excerpt}"`,
      link: `/messages/${f.conversationId ?? ""}`,
    }),
  },
};

/** A message's first words, for a notification: whole words, on one line. */
export function messageExcerpt(body: string, max = 140): string {
  const line = body.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  return `${line.slice(0, max).replace(/\s+\S*$/, "")}…`;
}

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}
