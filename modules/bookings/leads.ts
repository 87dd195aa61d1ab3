// An act's leads (issue 66): its invites, as the leads page groups them and dates them.
import { RESPONSE_FACTS } from "#modules/conversations/conversations";
import type { InviteState } from "./events";

/** The leads page's groups, in its order: waiting for a quote, quoted, booked, and the rest. */
export const LEAD_GROUPS = ["new", "quoted", "booked", "lost"] as const;
export type LeadGroup = (typeof LEAD_GROUPS)[number];

export const LEAD_GROUP_TITLES: Record<LeadGroup, string> = {
  new: "New: waiting for your quote",
  quoted: "Quoted: waiting for the planner",
  booked: "Booked",
  lost: "Lost: declined, released or cancelled",
};

const GROUP_OF: Record<InviteState, LeadGroup> = {
  invited: "new",
  offered: "quoted",
  booked: "booked",
  declined: "lost",
  released: "lost",
  cancelled: "lost",
};

export const leadGroupOf = (state: InviteState): LeadGroup => GROUP_OF[state];

/**
 * When a new lead should have its first answer: the hours the response rate planners see
 * allows, from when the invite came.
 */
export function answerBy(invitedAt: Date): Date {
  return new Date(invitedAt.getTime() + RESPONSE_FACTS.answerHours * 3_600_000);
}
