import { useEffect, useState } from "react";
import { formatDayAndTimeIn, formatDayIn } from "#domain/formatters";

/**
 * When something happened, in the reader's own time zone. The server cannot know that zone, so
 * its markup (and the browser's first render, which must match it) says the time in UTC; once
 * running, the browser writes it in its own zone. Either way the zone is named.
 */
export function LocalTime({ instant }: { instant: string }) {
  const [zone, setZone] = useState("UTC");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return <time dateTime={instant}>{formatDayAndTimeIn(instant, zone)}</time>;
}

/** The day something happened ("Nov 24, 2026"), in the reader's zone once the browser runs, UTC before. */
export function LocalDay({ instant }: { instant: string }) {
  const [zone, setZone] = useState("UTC");
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return <time dateTime={instant}>{formatDayIn(instant, zone)}</time>;
}
