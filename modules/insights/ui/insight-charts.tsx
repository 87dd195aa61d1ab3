import { formatShortCalendarDate } from "#domain/calendar-days";
import { formatPrice } from "#domain/prices";
import { INSIGHT_KEYS, INSIGHT_LABELS, type InsightDay, type InsightKey } from "../insights";

const WIDTH = 320;
const HEIGHT = 96;

const shown = (key: InsightKey, value: number) => (key === "earnings_cents" ? formatPrice(value) : String(value));

/**
 * One figure's days as bars, drawn in the page's markup: it reads without JavaScript, and its
 * title says what a screen reader needs (the total and the best day); the table has every day.
 */
function BarChart({ days, figure }: { days: InsightDay[]; figure: InsightKey }) {
  const values = days.map((day) => day[figure]);
  const most = Math.max(0, ...values);
  const total = values.reduce((sum, value) => sum + value, 0);
  const best = days[values.indexOf(most)];
  const slot = WIDTH / Math.max(1, days.length);
  const id = `chart-${figure}`;
  const summary =
    most > 0 && best
      ? `${INSIGHT_LABELS[figure]}: ${shown(figure, total)} in ${days.length} days, most on ${formatShortCalendarDate(best.day)} (${shown(figure, most)})`
      : `${INSIGHT_LABELS[figure]}: none in ${days.length} days`;
  return (
    <figure className="rounded-lg bg-white p-4 shadow-sm">
      <figcaption className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">{INSIGHT_LABELS[figure]}</span>
        <span className="text-lg font-bold text-gray-900">{shown(figure, total)}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-2 h-24 w-full"
        role="img"
        aria-labelledby={`${id}-title`}
        preserveAspectRatio="none"
      >
        <title id={`${id}-title`}>{summary}</title>
        <line x1={0} y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} stroke="#9ca3af" strokeWidth={1} />
        {days.map((day, index) => {
          const value = day[figure];
          const height = most > 0 ? Math.max(value > 0 ? 2 : 0, (value / most) * (HEIGHT - 4)) : 0;
          return (
            <rect
              key={day.day}
              x={index * slot + slot * 0.15}
              y={HEIGHT - 1 - height}
              width={slot * 0.7}
              height={height}
              fill={figure === "earnings_cents" ? "#047857" : "#4338ca"}
            >
              <title>
                {formatShortCalendarDate(day.day)}: {shown(figure, value)}
              </title>
            </rect>
          );
        })}
      </svg>
      <p className="mt-1 flex justify-between text-xs text-gray-700" aria-hidden>
        <span>{days[0] ? formatShortCalendarDate(days[0].day) : ""}</span>
        <span>{days.at(-1) ? formatShortCalendarDate(days.at(-1)!.day) : ""}</span>
      </p>
    </figure>
  );
}

/** The table's headings, short enough for a phone. */
const SHORT_LABELS: Record<InsightKey, string> = {
  views: "Views",
  search_appearances: "In search",
  leads: "Leads",
  offers: "Offers",
  bookings: "Bookings",
  earnings_cents: "Earned",
};

/** Every figure's chart, then the days as a table. */
export function InsightCharts({ days }: { days: InsightDay[] }) {
  return (
    <>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {INSIGHT_KEYS.map((figure) => (
          <BarChart key={figure} days={days} figure={figure} />
        ))}
      </div>
      {/* Narrow enough for a phone: short labels, small type, no sideways scrolling. */}
      <div className="mt-6 rounded-lg bg-white shadow-sm">
        <table className="w-full text-left text-xs sm:text-sm">
          <caption className="p-3 text-left font-semibold">Every day</caption>
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className="px-1.5 py-2 sm:px-3">
                Day
              </th>
              {INSIGHT_KEYS.map((figure) => (
                <th key={figure} scope="col" className="px-1.5 py-2 sm:px-3 text-right">
                  {SHORT_LABELS[figure]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.day} className="border-t border-gray-100">
                <th scope="row" className="px-1.5 py-1.5 sm:px-3 font-normal">
                  <time dateTime={day.day}>{formatShortCalendarDate(day.day)}</time>
                </th>
                {INSIGHT_KEYS.map((figure) => (
                  <td key={figure} className="px-1.5 py-1.5 sm:px-3 text-right tabular-nums">
                    {shown(figure, day[figure])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
