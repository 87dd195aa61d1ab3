import { describe, expect, it } from "vitest";
import { offerEndsAt, offerReminderAt, offerStatusAt } from "./events";

describe("an offer's moments, where its event happens", () => {
  it("ends at midnight after its last day, and is reminded of at 9 AM the day before, across a change to daylight time", () => {
    // Chicago moves to daylight time at 2 AM on Sunday, March 14, 2027.
    expect(offerEndsAt("2027-03-13", "America/Chicago").toISOString()).toBe("2027-03-14T06:00:00.000Z");
    expect(offerEndsAt("2027-03-14", "America/Chicago").toISOString()).toBe("2027-03-15T05:00:00.000Z");
    expect(offerReminderAt("2027-03-15", "America/Chicago").toISOString()).toBe("2027-03-14T14:00:00.000Z");
    expect(offerReminderAt("2027-03-14", "America/Chicago").toISOString()).toBe("2027-03-13T15:00:00.000Z");
  });

  it("in Honolulu, ten hours behind UTC all year; and in UTC when the event's place has no zone", () => {
    expect(offerEndsAt("2026-12-10", "Pacific/Honolulu").toISOString()).toBe("2026-12-11T10:00:00.000Z");
    expect(offerReminderAt("2026-12-01", "Pacific/Honolulu").toISOString()).toBe("2026-11-30T19:00:00.000Z");
    expect(offerEndsAt("2026-12-10", null).toISOString()).toBe("2026-12-11T00:00:00.000Z");
  });

  it("a pending offer is expired from the first moment after its last day, and an answered one keeps its answer", () => {
    const end = offerEndsAt("2026-12-10", "Pacific/Honolulu");
    expect(offerStatusAt("pending", "2026-12-10", "Pacific/Honolulu", new Date(end.getTime() - 1))).toBe("pending");
    expect(offerStatusAt("pending", "2026-12-10", "Pacific/Honolulu", end)).toBe("expired");
    expect(offerStatusAt("declined", "2026-12-10", "Pacific/Honolulu", end)).toBe("declined");
  });
});
