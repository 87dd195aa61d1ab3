/**
 * Intl formatters made once per set of options. Building one costs far more than using it
 * (`toLocaleString` with options builds a new one on every call), and a page formats many
 * dates: the profile's reviews alone were a tenth of a signed-in render.
 */
function keptBy<F, O>(make: (options: O) => F): (options: O) => F {
  const kept = new Map<string, F>();
  return (options) => {
    const key = JSON.stringify(options);
    let format = kept.get(key);
    if (!format) {
      format = make(options);
      kept.set(key, format);
    }
    return format;
  };
}

export const dateFormat = keptBy((options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-US", options));
export const numberFormat = keptBy((options: Intl.NumberFormatOptions) => new Intl.NumberFormat("en-US", options));

/** "Nov 24, 2026": the day of an instant in a time zone. */
export function formatDayIn(instant: Date | string, timeZone: string): string {
  return dateFormat({ dateStyle: "medium", timeZone }).format(new Date(instant));
}

/** "Nov 24, 2026, 9:02 AM CST": an instant in a time zone, which it names. */
export function formatDayAndTimeIn(instant: Date | string, timeZone: string): string {
  return dateFormat({
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(new Date(instant));
}

/**
 * How far an act is from the searched place, as a planner reads it, or null under a mile:
 * places are measured between city centres, so "0 miles" only ever meant "in that place", which
 * the place's name already says. Nearer than 10 miles to a tenth, then in whole miles.
 */
export function distanceText(miles: number): string | null {
  if (miles < 1) return null;
  if (miles < 10) return `${Number(miles.toFixed(1))} miles away`;
  return `${Math.round(miles)} miles away`;
}

/** Words a name's initials skip: "The Velvet Tones" is VT, "DJ Nova" is DN. */
const SKIPPED = new Set(["the", "a", "an", "and", "of", "&"]);

/** Up to two initials for an act without a photo: "The Velvet Tones" is "VT". */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => word && !SKIPPED.has(word.toLowerCase()));
  return (words.length ? words : [name])
    .slice(0, 2)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join("");
}
