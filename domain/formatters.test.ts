import { describe, expect, it } from "vitest";
import { dateFormat, distanceText, formatDayAndTimeIn, formatDayIn } from "./formatters";

describe("formatters", () => {
  it("write dates as toLocaleString would, in the reader's zone", () => {
    const at = "2026-11-24T23:30:00.000Z";
    expect(formatDayIn(at, "UTC")).toBe(
      new Date(at).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" }),
    );
    expect(formatDayIn(at, "UTC")).toBe("Nov 24, 2026");
    // Half past eleven at night in UTC is already the next day in Tokyo.
    expect(formatDayIn(at, "Asia/Tokyo")).toBe("Nov 25, 2026");
    expect(formatDayAndTimeIn(new Date(at), "UTC")).toBe("Nov 24, 2026, 11:30 PM UTC");
    expect(formatDayAndTimeIn(at, "America/Chicago")).toBe("Nov 24, 2026, 5:30 PM CST");
  });

  it("make one formatter per set of options", () => {
    expect(dateFormat({ timeZone: "America/Chicago", year: "numeric" })).toBe(
      dateFormat({ timeZone: "America/Chicago", year: "numeric" }),
    );
    expect(dateFormat({ timeZone: "America/Chicago", year: "numeric" })).not.toBe(
      dateFormat({ timeZone: "UTC", year: "numeric" }),
    );
  });
});

describe("distanceText", () => {
  it("says nothing under a mile, tenths under ten miles, whole miles beyond", () => {
    expect(distanceText(0)).toBeNull();
    expect(distanceText(0.9)).toBeNull();
    expect(distanceText(4.24)).toBe("4.2 miles away");
    expect(distanceText(5)).toBe("5 miles away");
    expect(distanceText(12.6)).toBe("13 miles away");
  });
});
