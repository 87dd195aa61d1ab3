import type { ModerationEvent } from "../moderation";
import { LocalTime } from "#ui/local-time";

/** Who did what, when, and what it changed from and to (admins only). */
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
              {event.changes.length > 0 && (
                <ul className="mt-1 text-gray-700">
                  {event.changes.map((change) => (
                    <li key={change.field}>
                      {change.field}: {change.before} <span aria-hidden="true">→</span>
                      <span className="sr-only"> changed to</span> {change.after}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
