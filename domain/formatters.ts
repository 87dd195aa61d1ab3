/**
 * Intl formatters made once per set of options. Building one costs far more than using it
 * (`toLocaleString` with options builds a new one on every call), and a page formats many
 * dates: the profile's reviews alone were a tenth of a signed-in render.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", options);
    dateFormats.set(key, format);
  }
  return format;
}

export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", options);
    numberFormats.set(key, format);
  }
  return format;
}

/** "Nov 24, 2026" (UTC). */
export function formatDay(instant: Date | string): string {
  return dateFormat({ dateStyle: "medium", timeZone: "UTC" }).format(new Date(instant));
}

/** "Nov 24, 2026, 9:02 AM" (UTC). */
export function formatDayAndTime(instant: Date | string): string {
  return dateFormat({ dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(instant));
}
