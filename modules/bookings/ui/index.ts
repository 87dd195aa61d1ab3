// What other modules' pages use of bookings: inviting an act to one of the planner's events.
export { InviteToEventDialog } from "./invite-to-event-dialog";
