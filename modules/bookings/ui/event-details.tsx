import type { EventDetailsAnswer } from "../answers";

/** What the planner said an act needs to quote, in one line and the notes; nothing when they said nothing. */
export function EventDetails({ details, planner }: { details: EventDetailsAnswer; planner?: string }) {
  const facts = [
    planner ? `Planner: ${planner}` : null,
    details.event_type,
    details.guests !== null ? `${details.guests.toLocaleString("en-US")} guests` : null,
    details.hours !== null ? `${details.hours} ${details.hours === 1 ? "hour" : "hours"} of entertainment` : null,
    details.budget !== null ? `budget $${details.budget.toLocaleString("en-US")}` : null,
    details.venue ? `at ${details.venue}` : null,
  ].filter(Boolean);
  if (facts.length === 0 && !details.notes) return null;
  return (
    <div className="mt-1 text-sm text-gray-800">
      {facts.length > 0 && <p>{facts.join(" · ")}</p>}
      {details.notes && <p className="whitespace-pre-wrap text-gray-700">Notes: {details.notes}</p>}
    </div>
  );
}
