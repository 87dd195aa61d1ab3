import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tzlib_get_ical_block } from "timezones-ical-library";

/**
 * A local HTTP server serving iCalendar files for the availability tests (issue 31): what a
 * Google, iCloud or Outlook calendar answers, a malformed file, a redirect into a private
 * network, one too big, and a file whose answer a test changes. It counts reads per path.
 */
export interface CalendarServer {
  url(path: string): string;
  /** Serve `body` (status 200) or a status at `path` from now on; status 0 never answers; `delayMs` answers late. */
  serve(path: string, answer: string | { status: number; body?: string; location?: string; delayMs?: number }): void;
  reads(path: string): number;
  close(): Promise<void>;
}

export async function startCalendarServer(): Promise<CalendarServer> {
  const answers = new Map<string, { status: number; body: string; location?: string; delayMs?: number }>();
  const counts = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? "/";
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const answer = answers.get(path) ?? { status: 404, body: "not here" };
    if (answer.status === 0) return;
    const send = () => {
      response.writeHead(answer.status, {
        "content-type": "text/calendar; charset=utf-8",
        ...(answer.location ? { location: answer.location } : {}),
      });
      response.end(answer.body);
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    serve(path, answer) {
      answers.set(path, typeof answer === "string" ? { status: 200, body: answer } : { body: "", ...answer });
    },
    reads: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** "20270612" from "2027-06-12". */
export const icsDay = (day: string) => day.replaceAll("-", "");

/** An iCalendar file with these VEVENT bodies, and the VTIMEZONE of each zone named. */
export function icsFile(events: string[], zones: string[] = []): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Calendar//EN"];
  for (const zone of zones) lines.push(...(tzlib_get_ical_block(zone)[0] ?? "").split("\r\n"));
  for (const event of events)
    lines.push(
      "BEGIN:VEVENT",
      ...event
        .trim()
        .split("\n")
        .map((line) => line.trim()),
      "END:VEVENT",
    );
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}
