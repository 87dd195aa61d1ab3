import { describe, expect, it } from "vitest";
import {
  BOOKING_NUMBER_ALPHABET,
  BOOKING_NUMBER_PATTERN,
  bookingNumberFrom,
  morningAround,
  paymentSchedule,
} from "./bookings";

describe("bookings", () => {
  it("a number is 8 characters people read aloud without confusing them", () => {
    const number = bookingNumberFrom(Uint8Array.from({ length: 8 }, (_, index) => index * 37));
    expect(number).toMatch(BOOKING_NUMBER_PATTERN);
    expect(number).toHaveLength(8);
    for (const confusing of ["0", "O", "1", "I", "L", "5", "S", "8", "B", "U", "V"])
      expect(BOOKING_NUMBER_ALPHABET).not.toContain(confusing);
  });

  it("its mornings are 9 AM where the event happens, on a day of a change to daylight time too", () => {
    // An evening event in Chicago on Sunday, March 14, 2027, the day clocks go forward.
    const start = new Date("2027-03-15T00:30:00Z"); // 7:30 PM CDT on the 14th
    expect(morningAround(start, "America/Chicago", 7).toISOString()).toBe("2027-03-07T15:00:00.000Z");
    expect(morningAround(start, "America/Chicago", 1).toISOString()).toBe("2027-03-13T15:00:00.000Z");
    expect(morningAround(start, "America/Chicago", -1).toISOString()).toBe("2027-03-15T14:00:00.000Z");
    // The same instant is still the 14th in Honolulu (2:30 PM): its mornings are Honolulu's.
    expect(morningAround(start, "Pacific/Honolulu", 1).toISOString()).toBe("2027-03-13T19:00:00.000Z");
  });

  it("its payments: a deposit on the booking's day, the balance two weeks before the event, or at once when the event is sooner", () => {
    expect(paymentSchedule(500_000, 100_000, "2027-01-10", "2027-06-12")).toEqual([
      { kind: "deposit", amountCents: 100_000, dueOn: "2027-01-10" },
      { kind: "balance", amountCents: 400_000, dueOn: "2027-05-29" },
    ]);
    expect(paymentSchedule(500_000, 0, "2027-01-10", "2027-06-12")).toEqual([
      { kind: "balance", amountCents: 500_000, dueOn: "2027-05-29" },
    ]);
    expect(paymentSchedule(500_000, 500_000, "2027-01-10", "2027-06-12")).toEqual([
      { kind: "deposit", amountCents: 500_000, dueOn: "2027-01-10" },
    ]);
    expect(paymentSchedule(500_000, 100_000, "2027-06-01", "2027-06-12")).toEqual([
      { kind: "deposit", amountCents: 100_000, dueOn: "2027-06-01" },
      { kind: "balance", amountCents: 400_000, dueOn: "2027-06-01" },
    ]);
  });
});
