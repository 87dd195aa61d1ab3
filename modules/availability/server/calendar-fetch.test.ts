import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AVAILABILITY_MESSAGES, fetchableCalendarUrl, subscribeCalendarSchema } from "../availability";
import { type CalendarServer, icsFile, startCalendarServer } from "#tests/setup/calendar-server";
import { CalendarFetchError, fetchCalendar, isSpecialAddress } from "./calendar-fetch";

let calendars: CalendarServer;
beforeAll(async () => {
  calendars = await startCalendarServer();
});
afterAll(async () => calendars.close());

const refusal = async (address: string, allowPrivate = false) => {
  try {
    await fetchCalendar(address, { allowPrivate });
    return null;
  } catch (error) {
    return error instanceof CalendarFetchError ? error.message : String(error);
  }
};

describe("reading a calendar a user named", () => {
  it("refuses loopback, private, link-local and other special addresses, IPv4-mapped IPv6 included", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "224.0.0.1",
      // IPv6 forms that carry an IPv4 address: compatible, translated, 6to4, Teredo, NAT64.
      "::127.0.0.1",
      "::7f00:1",
      "::ffff:0:7f00:1",
      "::ffff:0:a00:1",
      "2002:7f00:1::",
      "2002:a9fe:a9fe::1",
      "2001:0:4136:e378:8000:63bf:3fff:fdd2",
      "64:ff9b::7f00:1",
      "64:ff9b:1::a00:1",
    ]) {
      expect(isSpecialAddress(address), address).toBe(true);
    }
    for (const address of ["8.8.8.8", "142.250.64.78", "2607:f8b0:4005:80a::200e"])
      expect(isSpecialAddress(address), address).toBe(false);
    // The tests' own servers are on loopback: allowed only when asked, and nothing else with it.
    expect(isSpecialAddress("127.0.0.1", true)).toBe(false);
    expect(isSpecialAddress("::1", true)).toBe(false);
    expect(isSpecialAddress("10.0.0.1", true)).toBe(true);
    expect(isSpecialAddress("169.254.169.254", true)).toBe(true);
  });

  it("checks the address a name resolves to, and each redirect's, before connecting", async () => {
    calendars.serve("/ok.ics", icsFile([]));
    // "localhost" is a name: refused after DNS says where it points.
    expect(await refusal(calendars.url("/ok.ics").replace("127.0.0.1", "localhost"))).toBe(
      AVAILABILITY_MESSAGES.calendarPrivate,
    );
    expect(await refusal(calendars.url("/ok.ics"))).toBe(AVAILABILITY_MESSAGES.calendarPrivate);
    expect(await refusal(calendars.url("/ok.ics"), true)).toBeNull();
    // A redirect to a public-looking name that is loopback, or to a private address, is refused too.
    calendars.serve("/to-localhost.ics", {
      status: 302,
      location: calendars.url("/ok.ics").replace("127.0.0.1", "localhost"),
    });
    expect(await refusal(calendars.url("/to-localhost.ics"), true)).toBeNull();
    calendars.serve("/to-lan.ics", { status: 307, location: "http://192.168.0.10/cal.ics" });
    expect(await refusal(calendars.url("/to-lan.ics"), true)).toBe(AVAILABILITY_MESSAGES.calendarPrivate);
    calendars.serve("/to-file.ics", { status: 302, location: "file:///etc/passwd" });
    expect(await refusal(calendars.url("/to-file.ics"), true)).toBe(AVAILABILITY_MESSAGES.calendarUrl);
    // A loop of redirects ends after five.
    calendars.serve("/loop.ics", { status: 302, location: "/loop.ics" });
    expect(await refusal(calendars.url("/loop.ics"), true)).toBe(AVAILABILITY_MESSAGES.calendarUnreachable);
    expect(calendars.reads("/loop.ics")).toBe(6);
  });

  it("gives up on a server that does not answer in time, and on a body past 5 MB without reading it all", async () => {
    calendars.serve("/silent.ics", { status: 0 });
    const started = Date.now();
    await expect(fetchCalendar(calendars.url("/silent.ics"), { allowPrivate: true, timeoutMs: 300 })).rejects.toThrow(
      AVAILABILITY_MESSAGES.calendarUnreachable,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    calendars.serve("/huge.ics", "x".repeat(6 * 1024 * 1024));
    expect(await refusal(calendars.url("/huge.ics"), true)).toBe(AVAILABILITY_MESSAGES.calendarTooBig);
  });

  it("refuses IPv6 literals that carry a loopback or private IPv4 address before connecting", async () => {
    for (const host of [
      "[::127.0.0.1]",
      "[::ffff:0:7f00:1]",
      "[2002:7f00:1::]",
      "[::ffff:10.0.0.1]",
      "[64:ff9b::a9fe:a9fe]",
    ]) {
      expect(await refusal(`http://${host}:${new URL(calendars.url("/ok.ics")).port}/ok.ics`, true), host).toBe(
        AVAILABILITY_MESSAGES.calendarPrivate,
      );
    }
  });

  it("says one thing for every way of not reaching a calendar: refused, unknown host, no answer, a status that is no calendar", async () => {
    calendars.serve("/missing-here.ics", { status: 404 });
    calendars.serve("/quiet.ics", { status: 0 });
    const refused = `http://127.0.0.1:1/cal.ics`;
    const unknown = "http://no-such-host.invalid/cal.ics";
    const answers = await Promise.all(
      [refused, unknown, calendars.url("/missing-here.ics"), calendars.url("/quiet.ics")].map((address) =>
        fetchCalendar(address, { allowPrivate: true, timeoutMs: 1_000 }).catch((error: Error) => error.message),
      ),
    );
    expect(answers).toEqual(Array(4).fill("We could not read a calendar at this address"));
  });

  it("reads webcal:// as https://, and takes only http, https and webcal addresses", () => {
    expect(fetchableCalendarUrl("webcal://p12-caldav.icloud.com/published/2/abc")).toBe(
      "https://p12-caldav.icloud.com/published/2/abc",
    );
    expect(fetchableCalendarUrl("WEBCAL://example.com/a.ics")).toBe("https://example.com/a.ics");
    expect(fetchableCalendarUrl("http://example.com/a.ics")).toBe("http://example.com/a.ics");
    for (const url of [
      "webcal://calendar.google.com/calendar/ical/x/basic.ics",
      "https://outlook.office365.com/owa/calendar/x/calendar.ics",
      "http://example.com/a.ics",
    ]) {
      expect(subscribeCalendarSchema.safeParse({ url }).success, url).toBe(true);
    }
    for (const url of [
      "ftp://example.com/a.ics",
      "javascript:alert(1)",
      "//example.com/a.ics",
      "https://",
      "https://exa mple.com/a.ics",
      "",
    ]) {
      expect(subscribeCalendarSchema.safeParse({ url }).success, url).toBe(false);
    }
  });
});
