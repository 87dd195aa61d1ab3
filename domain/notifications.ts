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
  "offer_received",
  "offer_accepted",
  "review_posted",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a notification may mention; each kind uses its own part. */
export interface NotificationFacts {
  actName?: string;
  actUrl?: string;
  reason?: string | null;
  documentTitle?: string;
  eventName?: string;
  price?: string;
  rating?: number;
}

export interface NotificationText {
  /** The email's subject and the notification's title. */
  title: string;
  /** One or two sentences: the email's body and the notification's text. */
  body: string;
  /** The page to act on, a path on this site. */
  link: string;
  /** The email's button. */
  action: string;
}

const actPage = (facts: NotificationFacts) => `/entertainment/${facts.actUrl ?? ""}`;

/** For each kind: who gets it (for the settings page) and its words. */
export const NOTIFICATIONS: Record<NotificationKind, { setting: string; recipient: "artist" | "planner"; text: (facts: NotificationFacts) => NotificationText }> = {
  act_approved: {
    setting: "An act of mine is approved",
    recipient: "artist",
    text: (f) => ({ title: `${f.actName} is approved`, body: `${f.actName} is live: planners can now find and book it.`, link: actPage(f), action: "See the profile" }),
  },
  act_declined: {
    setting: "An act of mine is declined",
    recipient: "artist",
    text: (f) => ({
      title: `${f.actName} was declined`,
      body: `${f.actName} was not approved.${f.reason ? ` The reason: ${f.reason}` : ""} Update the profile and submit it again.`,
      link: actPage(f),
      action: "Update the profile",
    }),
  },
  act_reassigned: {
    setting: "An act is given to me to manage",
    recipient: "artist",
    text: (f) => ({ title: `You now manage ${f.actName}`, body: `An admin gave you ${f.actName} to manage.`, link: "/my-acts", action: "See my acts" }),
  },
  tag_request_accepted: {
    setting: "My request for new tags is accepted",
    recipient: "artist",
    text: (f) => ({ title: `New tags for ${f.actName}`, body: `Your request to update the tags of ${f.actName} was accepted.`, link: actPage(f), action: "See the profile" }),
  },
  tag_request_declined: {
    setting: "My request for new tags is declined",
    recipient: "artist",
    text: (f) => ({ title: `Tag request for ${f.actName} declined`, body: `Your request to update the tags of ${f.actName} was declined.`, link: actPage(f), action: "See the profile" }),
  },
  document_approved: {
    setting: "A document of mine is approved",
    recipient: "artist",
    text: (f) => ({ title: `${f.documentTitle} approved`, body: `The document ${f.documentTitle} of ${f.actName} was approved.`, link: "/documents", action: "See my documents" }),
  },
  document_declined: {
    setting: "A document of mine is declined",
    recipient: "artist",
    text: (f) => ({ title: `${f.documentTitle} declined`, body: `The document ${f.documentTitle} of ${f.actName} was declined.`, link: "/documents", action: "See my documents" }),
  },
  act_invited: {
    setting: "An act of mine is invited to an event",
    recipient: "artist",
    text: (f) => ({ title: `${f.actName} is invited to ${f.eventName}`, body: `A planner invited ${f.actName} to ${f.eventName}. Answer with an offer.`, link: "/invites", action: "See the invite" }),
  },
  offer_received: {
    setting: "An act makes me an offer",
    recipient: "planner",
    text: (f) => ({ title: `An offer from ${f.actName}`, body: `${f.actName} offers to play ${f.eventName} for ${f.price}.`, link: "/events", action: "See the offer" }),
  },
  offer_accepted: {
    setting: "A planner accepts an offer of mine",
    recipient: "artist",
    text: (f) => ({ title: `${f.actName} is booked for ${f.eventName}`, body: `The planner accepted your offer: ${f.actName} is booked for ${f.eventName}.`, link: "/invites", action: "See the booking" }),
  },
  review_posted: {
    setting: "An act of mine is reviewed",
    recipient: "artist",
    text: (f) => ({ title: `A new review of ${f.actName}`, body: `${f.actName} has a new ${f.rating}-star review.`, link: `${actPage(f)}#reviews`, action: "Read the review" }),
  },
};

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}
