import { describe, expect, it } from "vitest";
import { planCatalogue } from "./catalogue";

describe("the demo catalogue reads as real", () => {
  const planned = planCatalogue(320, new Date("2026-11-25T12:00:00Z"));

  it("no two acts share a name (there were two DJ Fader of Nashville)", () => {
    const names = planned.map((act) => act.row.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(planned.map((act) => act.row.url)).size).toBe(planned.length);
    // Nor one name with and without "The" (there were Avenue Band and The Avenue Band).
    expect(new Set(names.map((name) => name.replace(/^The /, ""))).size).toBe(names.length);
  });

  it("no act shows the same review twice (The Brass Parade did)", () => {
    for (const act of planned) {
      const texts = act.reviews.map((review) => `${review.title}\n${review.body}`);
      expect(new Set(texts).size, act.row.name).toBe(texts.length);
    }
  });

  it("is the same on every machine: made from the seed alone", () => {
    expect(planCatalogue(320, new Date("2026-11-25T12:00:00Z")).map((act) => act.row.name)).toEqual(
      planned.map((act) => act.row.name),
    );
  });
});
