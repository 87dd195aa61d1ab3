import ICAL from "ical.js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  AVAILABILITY_MESSAGES,
  type AvailabilityDay,
  type CalendarSubscription,
} from "#modules/availability/availability";
import { addDays, formatCalendarDate } from "#domain/calendar-days";
import { dayIn } from "#modules/bookings/events";
import type { ActSearchResult } from "#modules/discovery/answers";
import { refreshDueCalendars } from "../calendar-subscriptions";
import { seedCatalogue } from "#start/demo/catalogue";
import { type CalendarServer, icsDay, icsFile, startCalendarServer } from "#tests/setup/calendar-server";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { bookThroughApi } from "#tests/setup/booking-fixture";

let server: TestServer;
let calendars: CalendarServer;
beforeAll(async () => {
  [server, calendars] = await Promise.all([createTestServer(), startCalendarServer()]);
});
afterAll(async () => Promise.all([server.close(), calendars.close()]));

type Who = DemoUser | "guest";
const ACT = "the-velvet-tones"; // in Chicago, managed by "owner"
const ZONE = "America/Chicago";
const today = () => dayIn(new Date(), ZONE);
const day = (offset: number) => addDays(today(), offset);
const post = (path: string, as: Who, body?: unknown) => server.post(path, as, body);
const get = (path: string, as: Who) => server.get(path, as);
const availability = async (as: Who, from = day(0), to = day(120), act = ACT) =>
  (await json<{ data: AvailabilityDay[] }>(await get(`/api/acts/${act}/availability?from=${from}&to=${to}`, as))).data;
const block = (from: string, to: string, note?: string, as: Who = "owner") =>
  post(`/api/availability/block/${ACT}`, as, { from, to, ...(note ? { note } : {}) });
const fieldErrors = async (response: Response) => (await json<{ errors: Record<string, string[]> }>(response)).errors;
const searchUrls = async (query: string) =>
  (await json<{ data: ActSearchResult[] }>(await get(`/api/acts?${query}&perPage=50`, "guest"))).data.map(
    (act) => act.url,
  );
const reading = { allowPrivate: true, refreshMinutes: 30 };
/** Every subscription is due now, as if a refresh period had passed. */
const makeAllDue = () =>
  server.database.db.execute(sql`update calendar_subscriptions set next_read_at = now() - interval '1 second'`);

describe("blocked days", () => {
  it("the act's manager and admins block and free days; everyone else sees only that the act is unavailable", async () => {
    const response = await block(day(10), day(12), "Family wedding");
    expect(response.status).toBe(201);
    const { id } = (await json<{ data: { id: number } }>(response)).data;
    expect((await block(day(20), day(20), undefined, "admin")).status).toBe(201);

    expect(await availability("owner", day(9), day(21))).toEqual([
      { date: day(10), status: "blocked", note: "Family wedding" },
      { date: day(11), status: "blocked", note: "Family wedding" },
      { date: day(12), status: "blocked", note: "Family wedding" },
      { date: day(20), status: "blocked" },
    ]);
    expect((await availability("admin", day(9), day(21))).map((entry) => entry.status)).toEqual([
      "blocked",
      "blocked",
      "blocked",
      "blocked",
    ]);
    for (const who of ["guest", "planner", "otherArtist"] as const) {
      expect(await availability(who, day(9), day(13)), who).toEqual(
        [day(10), day(11), day(12)].map((date) => ({ date, status: "unavailable" })),
      );
    }

    // Only the act's manager and admins free them.
    for (const [who, status] of [
      ["guest", 401],
      ["planner", 403],
      ["otherArtist", 403],
    ] as const) {
      expect((await post(`/api/availability/unblock/${id}`, who)).status, who).toBe(status);
    }
    expect((await post("/api/availability/unblock/999999", "owner")).status).toBe(404);
    expect((await post(`/api/availability/unblock/${id}`, "owner")).status).toBe(200);
    expect(await availability("owner", day(9), day(13))).toEqual([]);
  });

  it("only the act's manager and admins block, from today on, at most 366 days, with a short note", async () => {
    for (const [who, status] of [
      ["guest", 401],
      ["planner", 403],
      ["otherArtist", 403],
    ] as const) {
      expect((await block(day(30), day(30), undefined, who)).status, who).toBe(status);
    }
    expect((await post("/api/availability/block/no-such-act", "owner", { from: day(1), to: day(1) })).status).toBe(404);
    expect(await fieldErrors(await block(day(-1), day(1)))).toEqual({ from: [AVAILABILITY_MESSAGES.blockInPast] });
    expect(await fieldErrors(await block(day(5), day(4)))).toEqual({ to: [AVAILABILITY_MESSAGES.blockOrder] });
    expect(await fieldErrors(await block(day(1), day(367)))).toEqual({ to: [AVAILABILITY_MESSAGES.blockTooLong] });
    expect((await block(day(1), day(366))).status).toBe(201);
    expect(Object.keys(await fieldErrors(await block("2027-02-30", day(1))))).toEqual(["from"]);
    expect(Object.keys(await fieldErrors(await block(day(1), day(1), "x".repeat(201))))).toEqual(["note"]);
    expect(Object.keys(await fieldErrors(await block(day(1), day(1), "a\u0000b")))).toEqual(["note"]);
    expect((await post(`/api/availability/block/${ACT}`, "owner", { from: day(1), to: day(1), extra: 1 })).status).toBe(
      422,
    );
    // The long block above goes again, so the other tests start free.
    const blocks = await server.database.db.execute(sql`delete from act_blocks returning id`);
    expect((blocks as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  });

  it("asks for at most 400 days, in order, for an act the asker may see", async () => {
    expect(
      Object.keys(await fieldErrors(await get(`/api/acts/${ACT}/availability?from=${day(5)}&to=${day(4)}`, "guest"))),
    ).toEqual(["to"]);
    expect(
      await fieldErrors(await get(`/api/acts/${ACT}/availability?from=${day(0)}&to=${day(400)}`, "guest")),
    ).toEqual({ to: [AVAILABILITY_MESSAGES.rangeTooLong] });
    expect((await get(`/api/acts/${ACT}/availability?from=${day(0)}&to=${day(399)}`, "guest")).status).toBe(200);
    expect((await get(`/api/acts/${ACT}/availability?from=junk`, "guest")).status).toBe(422);
    expect((await get(`/api/acts/pending-act/availability`, "guest")).status).toBe(404);
    expect((await get(`/api/acts/pending-act/availability`, "otherArtist")).status).toBe(200);
    // Without a range: today and the next 90 days.
    expect((await get(`/api/acts/${ACT}/availability`, "guest")).status).toBe(200);
  });
});

describe("search, invites and offers trust the calendar", () => {
  it("a blocked day leaves the act out of a search for that date, refuses an invite, reports it in a quote request, and warns an act quoting into it", async () => {
    const date = day(45);
    expect(await searchUrls(`date=${date}&searchTerms=velvet`)).toContain(ACT);
    // An event that day, with the act invited while it was free.
    const created = await post("/api/events/create", "planner", {
      name: "Autumn Gala",
      starttime: `${date}T19:00`,
      location: "Chicago, IL",
    });
    const eventUrl = (await json<{ data: { url: string } }>(created)).data.url;
    expect((await post(`/api/acts/invite-to-event/${ACT}`, "planner", { event: eventUrl })).status).toBe(200);

    expect((await block(date, date, "Private show")).status).toBe(201);
    expect(await searchUrls(`date=${date}&searchTerms=velvet`)).not.toContain(ACT);
    expect(await searchUrls(`date=${day(46)}&searchTerms=velvet`)).toContain(ACT);
    // A date alone counts every act but those not free that day, facets included.
    const counts = async (query: string) =>
      (
        await json<{ meta: { total: number; facets: { styles: { value: string; count: number }[] } } }>(
          await get(`/api/acts?${query}`, "guest"),
        )
      ).meta;
    const [all, onDate] = await Promise.all([counts(""), counts(`date=${date}`)]);
    expect(onDate.total).toBe(all.total - 1);
    const soul = (meta: typeof all) => meta.facets.styles.find((facet) => facet.value === "Soul")?.count ?? 0;
    expect(soul(onDate)).toBe(soul(all) - 1);

    const second = (
      await json<{ data: { url: string } }>(
        await post("/api/events/create", "planner", {
          name: "Second Party",
          starttime: `${date}T20:00`,
          location: "Chicago, IL",
        }),
      )
    ).data.url;
    const refused = await post(`/api/acts/invite-to-event/${ACT}`, "planner", { event: second });
    expect(refused.status).toBe(409);
    expect((await json<{ message: string }>(refused)).message).toBe(
      `This act is not available on ${formatCalendarDate(date)}`,
    );
    expect(AVAILABILITY_MESSAGES.notAvailableOn("2027-06-12")).toBe(
      "This act is not available on Saturday, June 12, 2027",
    );
    const quotes = await post(`/api/events/invite-acts/${second}`, "planner", { acts: [ACT, "dj-nova"] });
    expect((await json<{ data: unknown }>(quotes)).data).toEqual([
      { act: ACT, status: "unavailable" },
      { act: "dj-nova", status: "invited" },
    ]);

    // The act was invited before the block: its invites say the day is taken, and so does its offer.
    const invite = (
      await json<{ data: { id: number; event: { url: string }; act_day: string | null }[] }>(
        await get("/api/invites", "owner"),
      )
    ).data.find((item) => item.event.url === eventUrl)!;
    expect(invite.act_day).toBe("blocked");
    const offer = await json<{ data: { warning?: string } }>(
      await post(`/api/offers/submit/${invite.id}`, "owner", { price: 2500, message: "" }),
    );
    expect(offer.data.warning).toBe(AVAILABILITY_MESSAGES.quotingTakenDay(date, "blocked"));
    await server.database.db.execute(sql`delete from act_blocks`);
  });
});

describe("subscribed calendars", () => {
  // These tests subscribe more often than an account may in an hour (its limit has a test of its own).
  beforeEach(() =>
    server.database.db.execute(sql`delete from account_actions where action = 'calendarSubscribeTried'`),
  );
  const recurring = () =>
    icsFile(
      [
        // Weekly, four times, without the second, with an extra date, the third moved a day and the fourth cancelled.
        `UID:weekly@test
         DTSTAMP:20260101T000000Z
         SUMMARY:Residency
         DTSTART;TZID=America/Chicago:${icsDay(day(20))}T190000
         DTEND;TZID=America/Chicago:${icsDay(day(20))}T230000
         RRULE:FREQ=WEEKLY;COUNT=4
         EXDATE;TZID=America/Chicago:${icsDay(day(27))}T190000
         RDATE;TZID=America/Chicago:${icsDay(day(23))}T190000`,
        `UID:weekly@test
         DTSTAMP:20260101T000000Z
         RECURRENCE-ID;TZID=America/Chicago:${icsDay(day(34))}T190000
         SUMMARY:Residency (moved)
         DTSTART;TZID=America/Chicago:${icsDay(day(35))}T190000
         DTEND;TZID=America/Chicago:${icsDay(day(35))}T230000`,
        `UID:weekly@test
         DTSTAMP:20260101T000000Z
         RECURRENCE-ID;TZID=America/Chicago:${icsDay(day(41))}T190000
         STATUS:CANCELLED
         DTSTART;TZID=America/Chicago:${icsDay(day(41))}T190000
         DTEND;TZID=America/Chicago:${icsDay(day(41))}T230000`,
        `UID:free@test
         DTSTAMP:20260101T000000Z
         SUMMARY:Dentist (free)
         TRANSP:TRANSPARENT
         DTSTART:${icsDay(day(50))}T150000Z
         DTEND:${icsDay(day(50))}T160000Z`,
        `UID:cancelled@test
         DTSTAMP:20260101T000000Z
         SUMMARY:Called off
         STATUS:CANCELLED
         DTSTART:${icsDay(day(51))}T150000Z
         DTEND:${icsDay(day(51))}T160000Z`,
        `UID:holiday@test
         DTSTAMP:20260101T000000Z
         SUMMARY:Holiday
         DTSTART;VALUE=DATE:${icsDay(day(60))}
         DTEND;VALUE=DATE:${icsDay(day(62))}`,
        // 9:00 in Tokyo is the evening before in Chicago.
        `UID:tokyo@test
         DTSTAMP:20260101T000000Z
         SUMMARY:Tokyo show
         DTSTART;TZID=Asia/Tokyo:${icsDay(day(70))}T090000
         DTEND;TZID=Asia/Tokyo:${icsDay(day(70))}T100000`,
        // 03:00 UTC is the evening before in Chicago too.
        `UID:utc@test
         DTSTAMP:20260101T000000Z
         SUMMARY:Late set
         DTSTART:${icsDay(day(80))}T030000Z
         DTEND:${icsDay(day(80))}T040000Z`,
        // No zone at all: the act's own.
        `UID:floating@test
         DTSTAMP:20260101T000000Z
         SUMMARY:Floating lunch
         DTSTART:${icsDay(day(90))}T120000
         DTEND:${icsDay(day(90))}T130000`,
      ],
      ["America/Chicago", "Asia/Tokyo"],
    );

  it("reads a calendar at once: recurrences, exceptions, time zones; transparent and cancelled events take no day", async () => {
    calendars.serve("/recurring.ics", recurring());
    const response = await post(`/api/availability/calendars/${ACT}`, "owner", {
      url: calendars.url("/recurring.ics"),
    });
    expect(response.status).toBe(201);
    const { id } = (await json<{ data: { id: number } }>(response)).data;
    const busy = (await availability("owner", day(0), day(120))).filter((entry) => entry.status === "busy");
    expect(busy).toEqual([
      { date: day(20), status: "busy", event: "Residency" },
      { date: day(23), status: "busy", event: "Residency" },
      { date: day(35), status: "busy", event: "Residency (moved)" },
      { date: day(60), status: "busy", event: "Holiday" },
      { date: day(61), status: "busy", event: "Holiday" },
      { date: day(69), status: "busy", event: "Tokyo show" },
      { date: day(79), status: "busy", event: "Late set" },
      { date: day(90), status: "busy", event: "Floating lunch" },
    ]);
    // Planners see the day as unavailable, and search for it leaves the act out.
    expect(await availability("planner", day(20), day(20))).toEqual([{ date: day(20), status: "unavailable" }]);
    expect(await searchUrls(`date=${day(20)}&searchTerms=velvet`)).not.toContain(ACT);
    expect(await searchUrls(`date=${day(21)}&searchTerms=velvet`)).toContain(ACT);

    const [listed] = (
      await json<{ data: CalendarSubscription[] }>(await get(`/api/availability/calendars/${ACT}`, "owner"))
    ).data;
    expect(listed).toMatchObject({ id, url: calendars.url("/recurring.ics"), error: null, busy_days: 8 });
    expect(listed!.last_read_at).not.toBeNull();
    // The same address twice is refused.
    expect(
      await fieldErrors(
        await post(`/api/availability/calendars/${ACT}`, "owner", { url: calendars.url("/recurring.ics") }),
      ),
    ).toEqual({ url: [AVAILABILITY_MESSAGES.calendarDuplicate] });
    expect((await post(`/api/availability/calendars/remove/${id}`, "owner")).status).toBe(200);
    expect((await availability("owner", day(0), day(120))).filter((entry) => entry.status === "busy")).toEqual([]);
  });

  it("refuses what is not a calendar we may read: malformed, missing, too big, a redirect into a private network, other schemes", async () => {
    calendars.serve("/malformed.ics", "this is not a calendar");
    calendars.serve("/to-private.ics", { status: 302, location: "http://10.1.2.3/calendar.ics" });
    calendars.serve("/to-metadata.ics", { status: 301, location: "http://169.254.169.254/latest/meta-data" });
    calendars.serve("/big.ics", `BEGIN:VCALENDAR\r\n${"X-PAD:".padEnd(1000, "x")}\r\n`.repeat(5300));
    const subscribe = (url: string) => post(`/api/availability/calendars/${ACT}`, "owner", { url });
    expect(await fieldErrors(await subscribe(calendars.url("/malformed.ics")))).toEqual({
      url: [AVAILABILITY_MESSAGES.calendarNotICalendar],
    });
    expect(await fieldErrors(await subscribe(calendars.url("/nothing-here.ics")))).toEqual({
      url: [AVAILABILITY_MESSAGES.calendarUnreachable],
    });
    expect(await fieldErrors(await subscribe(calendars.url("/to-private.ics")))).toEqual({
      url: [AVAILABILITY_MESSAGES.calendarPrivate],
    });
    expect(await fieldErrors(await subscribe(calendars.url("/to-metadata.ics")))).toEqual({
      url: [AVAILABILITY_MESSAGES.calendarPrivate],
    });
    expect(await fieldErrors(await subscribe(calendars.url("/big.ics")))).toEqual({
      url: [AVAILABILITY_MESSAGES.calendarTooBig],
    });
    expect(await fieldErrors(await subscribe("http://192.168.1.1/cal.ics"))).toEqual({
      url: [AVAILABILITY_MESSAGES.calendarPrivate],
    });
    expect(await fieldErrors(await subscribe("http://[::ffff:10.0.0.1]/cal.ics"))).toEqual({
      url: [AVAILABILITY_MESSAGES.calendarPrivate],
    });
    for (const url of [
      "ftp://example.com/cal.ics",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "not a url",
      "x".repeat(3000),
    ]) {
      expect(await fieldErrors(await subscribe(url)), url).toEqual({ url: [AVAILABILITY_MESSAGES.calendarUrl] });
    }
    // Nothing was kept.
    expect((await json<{ data: unknown[] }>(await get(`/api/availability/calendars/${ACT}`, "owner"))).data).toEqual(
      [],
    );
  });

  it("only the act's manager and admins subscribe, list and remove", async () => {
    calendars.serve(
      "/simple.ics",
      icsFile([`UID:one@test\nDTSTAMP:20260101T000000Z\nSUMMARY:Gig\nDTSTART;VALUE=DATE:${icsDay(day(5))}`]),
    );
    for (const [who, status] of [
      ["guest", 401],
      ["planner", 403],
      ["otherArtist", 403],
    ] as const) {
      expect(
        (await post(`/api/availability/calendars/${ACT}`, who, { url: calendars.url("/simple.ics") })).status,
        who,
      ).toBe(status);
      expect((await get(`/api/availability/calendars/${ACT}`, who)).status, who).toBe(status);
    }
    const { id } = (
      await json<{ data: { id: number } }>(
        await post(`/api/availability/calendars/${ACT}`, "admin", { url: calendars.url("/simple.ics") }),
      )
    ).data;
    expect((await get(`/api/availability/calendars/${ACT}`, "admin")).status).toBe(200);
    for (const [who, status] of [
      ["guest", 401],
      ["planner", 403],
      ["otherArtist", 403],
    ] as const) {
      expect((await post(`/api/availability/calendars/remove/${id}`, who)).status, who).toBe(status);
    }
    expect((await post("/api/availability/calendars/remove/999999", "owner")).status).toBe(404);
    expect((await post(`/api/availability/calendars/remove/${id}`, "owner")).status).toBe(200);
  });

  it("is read again when due by one server of two; a feed that fails keeps its last good days and says why", async () => {
    calendars.serve(
      "/changing.ics",
      icsFile([`UID:a@test\nDTSTAMP:20260101T000000Z\nSUMMARY:First\nDTSTART;VALUE=DATE:${icsDay(day(7))}`]),
    );
    const { id } = (
      await json<{ data: { id: number } }>(
        await post(`/api/availability/calendars/${ACT}`, "owner", { url: calendars.url("/changing.ics") }),
      )
    ).data;
    expect(calendars.reads("/changing.ics")).toBe(1);
    // Not due yet: nobody reads it.
    expect(await refreshDueCalendars(server.database.db, reading)).toBe(0);

    calendars.serve(
      "/changing.ics",
      icsFile([`UID:b@test\nDTSTAMP:20260101T000000Z\nSUMMARY:Second\nDTSTART;VALUE=DATE:${icsDay(day(8))}`]),
    );
    await makeAllDue();
    // Two servers look at once: the subscription is read once.
    const [first, second] = await Promise.all([
      refreshDueCalendars(server.database.db, reading),
      refreshDueCalendars(server.database.db, reading),
    ]);
    expect(first + second).toBe(1);
    expect(calendars.reads("/changing.ics")).toBe(2);
    expect((await availability("owner", day(6), day(9))).map((entry) => [entry.date, entry.event])).toEqual([
      [day(8), "Second"],
    ]);

    calendars.serve("/changing.ics", { status: 500 });
    await makeAllDue();
    expect(await refreshDueCalendars(server.database.db, reading)).toBe(1);
    const [listed] = (
      await json<{ data: CalendarSubscription[] }>(await get(`/api/availability/calendars/${ACT}`, "owner"))
    ).data;
    expect(listed).toMatchObject({ id, error: AVAILABILITY_MESSAGES.calendarUnreachable, busy_days: 1 });
    expect(Date.parse(listed!.last_tried_at!)).toBeGreaterThan(Date.parse(listed!.last_read_at!));
    expect((await availability("owner", day(6), day(9))).map((entry) => entry.date)).toEqual([day(8)]);
    await post(`/api/availability/calendars/remove/${id}`, "owner");
  });
});

describe("an act that moves", () => {
  it("has its calendars read again at once, since busy days are days where the act is", async () => {
    // DJ Nova names no place (UTC): 03:00 UTC is that day; in Denver it is the evening before.
    calendars.serve(
      "/nova.ics",
      icsFile([
        `UID:late@test\nDTSTAMP:20260101T000000Z\nSUMMARY:Late set\nDTSTART:${icsDay(day(30))}T030000Z\nDTEND:${icsDay(day(30))}T040000Z`,
      ]),
    );
    const { id } = (
      await json<{ data: { id: number } }>(
        await post("/api/availability/calendars/dj-nova", "owner", { url: calendars.url("/nova.ics") }),
      )
    ).data;
    const busyDays = async () => (await availability("owner", day(0), day(60), "dj-nova")).map((entry) => entry.date);
    expect(await busyDays()).toEqual([day(30)]);
    const moved = await post("/api/acts/update/dj-nova", "owner", {
      name: "DJ Nova",
      location: "Denver, CO",
      additionalLocations: [],
      social: {},
      has_performed_corporate_event: false,
    });
    expect(moved.status).toBe(200);
    expect(await refreshDueCalendars(server.database.db, reading)).toBe(1);
    expect(await busyDays()).toEqual([day(29)]);
    await post(`/api/availability/calendars/remove/${id}`, "owner");
  });
});

describe("the act's own feed and a planner's event file", () => {
  it("gives the manager a private iCalendar address of bookings and blocked days, valid RFC 5545, that can be replaced", async () => {
    for (const [who, status] of [
      ["guest", 401],
      ["planner", 403],
      ["otherArtist", 403],
    ] as const) {
      expect((await get(`/api/availability/feed/${ACT}`, who)).status, who).toBe(status);
      expect((await post(`/api/availability/feed/rotate/${ACT}`, who)).status, who).toBe(status);
    }
    const date = day(15);
    const { eventUrl } = await bookThroughApi(server, {
      name: "Feed Wedding",
      days: 15,
      starttime: `${date}T18:30`,
      hours: 3,
      venue: "The Drake",
      price_cents: 300_000,
      deposit_cents: 0,
    });
    expect((await block(day(16), day(17), "Rest")).status).toBe(201);
    expect(await availability("owner", date, date)).toEqual([{ date, status: "booked", event: "Feed Wedding" }]);

    const { url } = (await json<{ data: { url: string } }>(await get(`/api/availability/feed/${ACT}`, "owner"))).data;
    expect(url).toMatch(/^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    expect((await json<{ data: { url: string } }>(await get(`/api/availability/feed/${ACT}`, "admin"))).data.url).toBe(
      url,
    );
    const path = new URL(url).pathname;
    const feed = await server.request(path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const root = new ICAL.Component(ICAL.parse(await feed.text()) as unknown[]);
    expect(root.getFirstPropertyValue("version")).toBe("2.0");
    expect(root.getFirstPropertyValue("prodid")).toBeTruthy();
    const vevents = root.getAllSubcomponents("vevent");
    for (const vevent of vevents) {
      expect(vevent.getFirstPropertyValue("uid")).toBeTruthy();
      expect(vevent.getFirstPropertyValue("dtstamp")).toBeTruthy();
    }
    const booking = new ICAL.Event(
      vevents.find((vevent) => vevent.getFirstPropertyValue("summary") === "Feed Wedding")!,
    );
    expect(booking.location).toBe("The Drake, Chicago, IL");
    expect(booking.description).toContain("Pat Planner");
    expect(booking.component.getFirstProperty("dtstart")!.getParameter("tzid")).toBe(ZONE);
    // Its zone is defined in the file, so the time reads the same anywhere.
    expect(root.getAllSubcomponents("vtimezone").map((zone) => zone.getFirstPropertyValue("tzid"))).toEqual([ZONE]);
    expect(dayIn(booking.startDate.toJSDate(), ZONE)).toBe(date);
    expect(booking.endDate.toUnixTime() - booking.startDate.toUnixTime()).toBe(3 * 3600);
    const blocked = new ICAL.Event(
      vevents.find((vevent) => vevent.getFirstPropertyValue("summary") === "Blocked: Rest")!,
    );
    expect([blocked.startDate.isDate, blocked.startDate.toString(), blocked.endDate.toString()]).toEqual([
      true,
      day(16),
      day(18),
    ]);
    // The same read twice gives the same UIDs: a phone updates, not duplicates.
    const again = new ICAL.Component(ICAL.parse(await (await server.request(path)).text()) as unknown[]);
    expect(again.getAllSubcomponents("vevent").map((vevent) => vevent.getFirstPropertyValue("uid"))).toEqual(
      vevents.map((vevent) => vevent.getFirstPropertyValue("uid")),
    );

    const rotated = (await json<{ data: { url: string } }>(await post(`/api/availability/feed/rotate/${ACT}`, "owner")))
      .data.url;
    expect(rotated).not.toBe(url);
    expect((await server.request(path)).status).toBe(404);
    expect((await server.request(new URL(rotated).pathname)).status).toBe(200);
    expect((await server.request("/calendar/not-a-token.ics")).status).toBe(404);

    // The planner downloads the event itself; nobody else can.
    const file = await get(`/calendar/events/${eventUrl}.ics`, "planner");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${eventUrl}.ics"`);
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(await file.text()) as unknown[]).getFirstSubcomponent("vevent")!,
    );
    expect([event.summary, event.description]).toEqual(["Feed Wedding", "Booked: The Velvet Tones"]);
    expect((await get(`/calendar/events/${eventUrl}.ics`, "otherPlanner")).status).toBe(404);
    expect((await get(`/calendar/events/${eventUrl}.ics`, "guest")).status).toBe(401);

    // A name written before line breaks were refused, and notes with every character RFC 5545 escapes.
    const hostile = "Feed Wedding\r\nUID:evil\rEND:VEVENT; a, b \\ c";
    await server.database.db.execute(
      sql`update events set name = ${hostile}, notes = ${"Parking: lot B\r\nUID:evil2"} where url = ${eventUrl}`,
    );
    for (const text of [
      await (await get(`/calendar/events/${eventUrl}.ics`, "planner")).text(),
      await (await server.request(new URL(rotated).pathname)).text(),
    ]) {
      expect(JSON.stringify(text.replace(/\r\n/g, "").match(/.{0,40}[\r\n].{0,40}/)?.[0] ?? null)).toBe("null");
      const root = new ICAL.Component(ICAL.parse(text) as unknown[]);
      const uids = root.getAllSubcomponents("vevent").map((vevent) => String(vevent.getFirstPropertyValue("uid")));
      expect(uids.filter((uid) => uid.startsWith("evil"))).toEqual([]);
      const written = root
        .getAllSubcomponents("vevent")
        .find((vevent) => String(vevent.getFirstPropertyValue("summary")).startsWith("Feed Wedding"))!;
      expect(written.getFirstPropertyValue("summary")).toBe("Feed Wedding\nUID:evil\nEND:VEVENT; a, b \\ c");
    }
    await server.database.db.execute(sql`delete from act_blocks`);
  });
});

describe("every act has its calendar", () => {
  it("the catalogue's acts too: each has its feed's secret, and its address and calendar read", async () => {
    // The catalogue is loaded with the acts' row triggers off, which is how its acts once lost their feeds.
    await seedCatalogue(server.database, { storage: server.storage, count: 2 });
    const missing = (await server.database.db.execute(
      sql`select count(*)::int as n from acts a where not exists (select 1 from act_calendar_feeds f where f.act_id = a.id)`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(missing.rows[0]!.n).toBe(0);
    const catalogued = (await server.database.db.execute(
      sql`select a.url from acts a join users u on u.id = a.manager_id where u.email like '%@artists.example.com' order by a.id limit 1`,
    )) as unknown as {
      rows: { url: string }[];
    };
    const act = catalogued.rows[0]!.url;
    const feed = await get(`/api/availability/feed/${act}`, "admin");
    expect(feed.status).toBe(200);
    expect((await json<{ data: { url: string } }>(feed)).data.url).toMatch(/\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    expect((await get(`/api/acts/${act}/availability`, "admin")).status).toBe(200);
  });

  it("an act that somehow has none gets one when its address is asked for, instead of an error", async () => {
    await server.database.db.execute(
      sql`delete from act_calendar_feeds where act_id = (select id from acts where url = 'dj-nova')`,
    );
    const feed = await get("/api/availability/feed/dj-nova", "owner");
    expect(feed.status).toBe(200);
    const again = await get("/api/availability/feed/dj-nova", "owner");
    expect((await json<{ data: { url: string } }>(again)).data.url).toBe(
      (await json<{ data: { url: string } }>(feed)).data.url,
    );
  });
});
