import { type KeyboardEvent, useRef, useState } from "react";
import { DAY_STATUS_LABELS, type AvailabilityDay } from "../availability";
import { addDays, formatCalendarDate, formatMonth } from "#domain/calendar-days";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/** Each status has a mark as well as a colour, so no one needs the colour to tell them apart. */
const STATUS_STYLE: Record<AvailabilityDay["status"], { cell: string; mark: string }> = {
  booked: { cell: "bg-emerald-50 ring-emerald-600", mark: "●" },
  blocked: {
    cell: "bg-gray-200 ring-gray-600 bg-[repeating-linear-gradient(135deg,transparent_0_6px,rgb(0_0_0/0.06)_6px_12px)]",
    mark: "✕",
  },
  busy: { cell: "bg-sky-50 ring-sky-600", mark: "◐" },
  unavailable: { cell: "bg-gray-100 ring-gray-500", mark: "✕" },
};

/** The legend: each mark with its word. */
export function StatusLegend() {
  return (
    <ul className="flex flex-wrap gap-4 text-sm" aria-label="What the marks mean">
      {(["booked", "blocked", "busy"] as const).map((status) => (
        <li key={status} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={`inline-flex size-5 items-center justify-center rounded ring-1 ${STATUS_STYLE[status].cell}`}
          >
            {STATUS_STYLE[status].mark}
          </span>
          {DAY_STATUS_LABELS[status]}
        </li>
      ))}
    </ul>
  );
}

type Cell = { key: string; day: string | null };

/** The weeks of the month that holds `first`: the days, with blanks before the 1st and after the last. */
function weeksOf(first: string, last: string): Cell[][] {
  const lead = new Date(`${first}T00:00:00Z`).getUTCDay();
  const cells: Cell[] = Array.from({ length: lead }, (_, at) => ({ key: `before-${at}`, day: null }));
  for (let day = first; day <= last; day = addDays(day, 1)) cells.push({ key: day, day });
  while (cells.length % 7 !== 0) cells.push({ key: `after-${cells.length}`, day: null });
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

interface MonthGridProps {
  month: { first: string; last: string };
  today: string;
  days: AvailabilityDay[];
  selection: { from: string; to: string } | null;
  onPick(day: string): void;
}

/**
 * A month of day buttons, as a table a screen reader reads as a calendar: one tab stop, arrow
 * keys move by a day or a week, Enter or Space picks. Past days cannot be picked.
 */
export function MonthGrid({ month, today, days, selection, onPick }: MonthGridProps) {
  const byDate = new Map(days.map((day) => [day.date, day]));
  const [focused, setFocused] = useState(() => (today >= month.first && today <= month.last ? today : month.first));
  const table = useRef<HTMLTableElement>(null);
  const focusable = focused >= month.first && focused <= month.last ? focused : month.first;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: string) {
    const step = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -7,
      ArrowDown: 7,
      Home: -new Date(`${day}T00:00:00Z`).getUTCDay(),
      End: 6 - new Date(`${day}T00:00:00Z`).getUTCDay(),
    }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = addDays(day, step);
    if (next < month.first || next > month.last) return;
    setFocused(next);
    table.current?.querySelector<HTMLButtonElement>(`[data-day="${next}"]`)?.focus();
  }

  return (
    <table ref={table} className="w-full table-fixed border-separate border-spacing-1">
      <caption className="sr-only">{formatMonth(month.first)}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((name) => (
            <th key={name} scope="col" className="text-xs font-semibold text-gray-700">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(month.first, month.last).map((week) => (
          <tr key={week[0]?.key}>
            {week.map(({ key, day }) => {
              if (!day) return <td key={key} />;
              const entry = byDate.get(day);
              const past = day < today;
              const picked = selection !== null && day >= selection.from && day <= selection.to;
              const status = entry ? DAY_STATUS_LABELS[entry.status] : "Free";
              const why = entry?.note ?? entry?.event;
              return (
                <td key={day}>
                  <button
                    type="button"
                    data-day={day}
                    tabIndex={day === focusable ? 0 : -1}
                    disabled={past}
                    aria-pressed={picked}
                    onClick={() => onPick(day)}
                    onKeyDown={(event) => onKeyDown(event, day)}
                    onFocus={() => setFocused(day)}
                    className={`flex h-14 w-full flex-col items-start rounded-md p-1 text-left text-sm ring-1 sm:h-20 sm:p-2 ${entry ? STATUS_STYLE[entry.status].cell : "bg-white ring-gray-200"} ${picked ? "outline outline-3 outline-offset-1 outline-brand-700" : ""} ${past ? "cursor-not-allowed opacity-50" : "hover:ring-brand-600"} ${day === today ? "font-bold" : ""}`}
                  >
                    {/* The name is what shows, then the whole date: "12 Blocked — Saturday, December 12, 2026 (note)". */}
                    <span>{Number(day.slice(8))}</span>
                    <span className="mt-auto flex items-center gap-1 text-[0.7rem] leading-tight sm:text-xs">
                      {entry && <span aria-hidden="true">{STATUS_STYLE[entry.status].mark}</span>}
                      <span className={entry ? "sr-only sm:not-sr-only" : "sr-only"}> {status}</span>
                    </span>
                    <span className="sr-only">
                      — {formatCalendarDate(day)}
                      {why ? ` (${why})` : ""}
                      {day === today ? ", today" : ""}
                    </span>
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
