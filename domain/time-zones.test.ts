import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatEventTime, hasOffset, instantToWallTime, wallTimeToInstant, isRealStartTime } from "./time-zones";

describe("event times in the event's time zone", () => {
  it("reads a wall time in the zone, summer and winter", () => {
    expect(wallTimeToInstant("2026-12-05T19:00", "America/Chicago").toISOString()).toBe("2026-12-06T01:00:00.000Z");
    expect(wallTimeToInstant("2026-07-04T19:00", "America/Chicago").toISOString()).toBe("2026-07-05T00:00:00.000Z");
    expect(wallTimeToInstant("2026-07-04T19:00", "America/Phoenix").toISOString()).toBe("2026-07-05T02:00:00.000Z");
    expect(wallTimeToInstant("2026-07-04T19:00", "UTC").toISOString()).toBe("2026-07-04T19:00:00.000Z");
    expect(Number.isNaN(wallTimeToInstant("soon", "UTC").getTime())).toBe(true);
  });

  it("shows a time as the spec's planners read it, with the zone's name", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    expect(formatEventTime("2026-12-06T01:00:00Z", "America/Chicago", now)).toBe("Sat, Dec 5, 7:00 PM CST");
    expect(formatEventTime("2027-07-05T00:00:00Z", "America/New_York", now)).toBe("Sun, Jul 4, 2027, 8:00 PM EDT");
    expect(formatEventTime("2026-12-06T01:00:00Z", null, now)).toBe("Sun, Dec 6, 1:00 AM UTC");
  });

  it("knows written offsets", () => {
    expect(hasOffset("2026-12-05T19:00Z")).toBe(true);
    expect(hasOffset("2026-12-05T19:00:00+02:00")).toBe(true);
    expect(hasOffset("2026-12-05T19:00")).toBe(false);
  });

  /** Only a time the clocks skip reads back differently, as exactly the hour after; a repeated one is the first instant. */
  function readsAsCalendarsDo(local: string, zone: string) {
    const instant = wallTimeToInstant(local, zone);
    const back = instantToWallTime(instant, zone);
    if (back !== local)
      expect(back, `${local} ${zone}`).toBe(new Date(Date.parse(`${local}Z`) + 3_600_000).toISOString().slice(0, 16));
    if (instantToWallTime(new Date(instant.getTime() - 3_600_000), zone) === local)
      expect.fail(`${local} in ${zone} is not the first`);
  }

  it("reads a skipped wall time as the hour after and a repeated one as its first, as calendars do", () => {
    for (const [zone, days] of [
      ["America/Chicago", ["2027-03-14", "2027-11-07"]],
      ["Europe/London", ["2027-03-28", "2027-10-31"]],
      ["Australia/Sydney", ["2027-04-04", "2027-10-03"]],
    ] as const)
      for (const day of days)
        for (let minutes = 0; minutes < 24 * 60; minutes += 15)
          readsAsCalendarsDo(`${day}T${new Date(minutes * 60_000).toISOString().slice(11, 16)}`, zone);
    const chicago = (local: string) => wallTimeToInstant(local, "America/Chicago");
    expect(chicago("2027-03-14T02:30").toISOString()).toBe("2027-03-14T08:30:00.000Z");
    expect(instantToWallTime(chicago("2027-03-14T02:30"), "America/Chicago")).toBe("2027-03-14T03:30");
    expect(chicago("2027-03-14T01:59").toISOString()).toBe("2027-03-14T07:59:00.000Z");
    expect(chicago("2027-03-14T03:00").toISOString()).toBe("2027-03-14T08:00:00.000Z");
    expect(chicago("2027-11-07T01:30").toISOString()).toBe("2027-11-07T06:30:00.000Z");
    expect(formatEventTime(chicago("2027-11-07T01:30"), "America/Chicago")).toContain("1:30 AM CDT");
    expect(wallTimeToInstant("2027-03-28T01:30", "Europe/London").toISOString()).toBe("2027-03-28T01:30:00.000Z");
    expect(wallTimeToInstant("2027-10-03T02:30", "Australia/Sydney").toISOString()).toBe("2027-10-02T16:30:00.000Z");
  });

  it("turns a wall time into an instant and back, every hour, and moves only a skipped one", () => {
    const zones = [
      "America/Chicago",
      "America/Los_Angeles",
      "America/New_York",
      "America/Denver",
      "Pacific/Honolulu",
      "UTC",
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const local = new Date(Math.floor(ms / 60_000) * 60_000).toISOString().slice(0, 16);
          readsAsCalendarsDo(local, zone);
        },
      ),
    );
  });
});

describe("start times that exist", () => {
  it("takes a wall time or an instant with its offset, in the years 2000 to 2100", () => {
    for (const value of [
      "2027-05-01T19:00",
      "2027-05-01 19:00",
      "2027-07-04T20:30:00.000Z",
      "2028-02-29T12:00",
      "2027-12-05T01:00:00-06:00",
      "2000-01-01T00:00",
      "2100-12-31T23:59:59",
    ]) {
      expect(isRealStartTime(value), value).toBe(true);
    }
  });

  it("refuses days and times that do not exist, never rolling them over, and years out of range", () => {
    for (const value of [
      "2027-02-30T19:00",
      "2027-02-29T19:00",
      "2027-04-31T19:00",
      "2027-13-01T19:00",
      "2027-00-10T19:00",
      "2027-05-00T19:00",
      "2027-05-01T25:00",
      "2027-05-01T19:60",
      "+275760-09-13T00:00",
      "0000-01-01T00:00",
      "1999-12-31T23:59",
      "2101-01-01T00:00",
      "2027-05-01",
      "next friday",
      "2027-05-01T19:00+15:00",
    ]) {
      expect(isRealStartTime(value), value).toBe(false);
    }
  });
});
