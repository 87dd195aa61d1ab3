import type { ModerationEvent } from "../../../domain/moderation";
import { LocalTime } from "../../components/local-time";

function describe(values: Record<string, unknown>): string {
  const entries = Object.entries(values);
  if (!entries.length) return "—";
  return entries.map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(", ") : String(value)}`).join("; ");
}

/** Who did what, when, with the values before and after (admins only). */
export function ModerationHistory({ events }: { events: ModerationEvent[] }) {
  return (
    <div className="mt-4">
      <h3 className="font-semibold">History</h3>
      {events.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700">No moderation actions yet</p>
      ) : (
        <ol className="mt-2 flex flex-col gap-2 text-sm" aria-label="Moderation history">
          {events.map((event) => (
            <li key={event.id} className="rounded-md border border-gray-200 p-2">
              <p>
                <strong>{event.label}</strong> by {event.actor ?? "a removed account"} on{" "}
                <LocalTime instant={event.created_at} />
              </p>
              <p className="text-gray-700">Before: {describe(event.before)}</p>
              <p className="text-gray-700">After: {describe(event.after)}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
