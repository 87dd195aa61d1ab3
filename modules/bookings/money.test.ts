import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CANCELLATION_POLICIES,
  CANCELLATION_POLICY_RULES,
  UNKNOWN_POLICY_MESSAGE,
  releaseAt,
  type PaidPart,
  daysBetween,
  feeBasisPoints,
  platformFee,
  refundOnCancel,
  refundableCents,
} from "./money";

const day = (offset: number) => new Date(Date.UTC(2027, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
const paidParts = fc.tuple(fc.nat(2_000_000), fc.nat(8_000_000)).map(([deposit, balance]): PaidPart[] => [
  { kind: "deposit", paidCents: deposit },
  { kind: "balance", paidCents: balance },
]);
const total = (paid: PaidPart[]) => paid.reduce((sum, part) => sum + part.paidCents, 0);

describe("refunds on cancelling", () => {
  it("never refund more than was paid, nor less than nothing; refund and kept are what was paid", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CANCELLATION_POLICIES),
        fc.constantFrom("planner" as const, "act" as const),
        paidParts,
        fc.integer({ min: -30, max: 400 }),
        (policy, side, paid, daysBefore) => {
          const { refundCents, keptCents } = refundOnCancel(policy, side, paid, day(0), day(daysBefore));
          expect(refundCents).toBeGreaterThanOrEqual(0);
          expect(refundCents).toBeLessThanOrEqual(total(paid));
          expect(refundCents + keptCents).toBe(total(paid));
          expect(Number.isInteger(refundCents)).toBe(true);
        },
      ),
    );
  });

  it("the act cancelling refunds everything; the planner cancelling later never gets more back", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CANCELLATION_POLICIES),
        paidParts,
        fc.nat(400),
        fc.nat(400),
        (policy, paid, a, b) => {
          expect(refundOnCancel(policy, "act", paid, day(0), day(a)).refundCents).toBe(total(paid));
          const [earlier, later] = a >= b ? [a, b] : [b, a];
          const early = refundOnCancel(policy, "planner", paid, day(0), day(earlier)).refundCents;
          const late = refundOnCancel(policy, "planner", paid, day(0), day(later)).refundCents;
          expect(early).toBeGreaterThanOrEqual(late);
        },
      ),
    );
  });

  it("follows each policy's days, counted in whole days to the event's day", () => {
    const paid: PaidPart[] = [
      { kind: "deposit", paidCents: 150_000 },
      { kind: "balance", paidCents: 430_000 },
    ];
    const refund = (policy: (typeof CANCELLATION_POLICIES)[number], daysBefore: number) =>
      refundOnCancel(policy, "planner", paid, day(0), day(daysBefore)).refundCents;
    expect([refund("flexible", 14), refund("flexible", 13)]).toEqual([580_000, 430_000]);
    expect([refund("moderate", 30), refund("moderate", 29)]).toEqual([430_000, 0]);
    expect([refund("strict", 60), refund("strict", 59), refund("strict", 365)]).toEqual([430_000, 0, 430_000]);
    expect(daysBetween("2027-03-13", "2027-03-14")).toBe(1);
    // Every row, today's three and any added: its words name its days, and its days are where its share changes.
    for (const policy of CANCELLATION_POLICIES) {
      const { cutoffDays, rule } = CANCELLATION_POLICY_RULES[policy];
      expect(rule, policy).toContain(`${cutoffDays} days before the event`);
      expect(refund(policy, cutoffDays), policy).toBeGreaterThanOrEqual(refund(policy, cutoffDays - 1));
    }
    // Across a change of clocks the count stays in whole days.
    expect(daysBetween("2027-03-01", "2027-04-01")).toBe(31);
  });
});

describe("a policy is one row", () => {
  it("its deposit is released the day after it can no longer come back, and the schema's message names every row", () => {
    const paidAt = new Date("2027-01-01T15:00:00Z");
    // Flexible gives the deposit back up to 14 days before: it is released 13 days before, at 9 AM there.
    expect(releaseAt("deposit", "flexible", "2027-06-19", "America/Chicago", paidAt).toISOString()).toBe(
      "2027-06-06T14:00:00.000Z",
    );
    for (const policy of ["moderate", "strict"] as const)
      expect(releaseAt("deposit", policy, "2027-06-19", "America/Chicago", paidAt)).toEqual(paidAt);
    expect(UNKNOWN_POLICY_MESSAGE).toBe("Choose flexible, moderate or strict");
  });
});

describe("what was given back counts", () => {
  it("a refund after others never takes the total past the policy's share, nor past what was paid", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CANCELLATION_POLICIES),
        fc.constantFrom("planner" as const, "act" as const),
        paidParts,
        fc.integer({ min: -30, max: 400 }),
        fc.nat(12_000_000),
        (policy, side, paid, daysBefore, given) => {
          const givenBack = Math.min(given, total(paid));
          const share = refundOnCancel(policy, side, paid, day(0), day(daysBefore)).refundCents;
          const { refundCents, keptCents } = refundOnCancel(policy, side, paid, day(0), day(daysBefore), givenBack);
          expect(refundCents).toBeGreaterThanOrEqual(0);
          expect(givenBack + refundCents).toBeLessThanOrEqual(total(paid));
          expect(givenBack + refundCents).toBe(Math.max(share, givenBack));
          expect(givenBack + refundCents + keptCents).toBe(total(paid));
        },
      ),
    );
  });

  it("the audit's case: $1,500 deposit, $500 back by a case, the act cancels: $1,000 more, $1,500 in all", () => {
    const paid: PaidPart[] = [{ kind: "deposit", paidCents: 150_000 }];
    expect(refundOnCancel("moderate", "act", paid, day(0), day(90), 50_000)).toEqual({
      refundCents: 100_000,
      keptCents: 0,
    });
    expect(refundableCents(150_000, 50_000)).toBe(100_000);
  });
});

describe("the platform's fee", () => {
  it("is whole cents from basis points, half a cent up, without floating point", () => {
    expect(feeBasisPoints(4.1)).toBe(410);
    expect(platformFee(1500, feeBasisPoints(4.1))).toBe(62);
    expect(platformFee(580_000, 1000)).toBe(58_000);
    expect(platformFee(5, 1000)).toBe(1);
    expect(platformFee(4, 1000)).toBe(0);
    fc.assert(
      fc.property(fc.nat(99_999_999), fc.nat(5000), (cents, points) => {
        const fee = platformFee(cents, points);
        expect(Number.isSafeInteger(fee)).toBe(true);
        // Exact: the fee is the nearest cent to cents * points / 10,000, halves up.
        expect(BigInt(fee)).toBe((BigInt(cents) * BigInt(points) + 5_000n) / 10_000n);
      }),
    );
  });
});
