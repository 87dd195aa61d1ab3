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

  it("its words agree with its tags: a soul revue plays soul, a jazz trio is a trio, nothing is 'Soul and Soul'", () => {
    const genresOf = (act: (typeof planned)[number]) =>
      act.tags.filter((tag) => tag.relation === "genres").map((tag) => tag.name);
    const setupOf = (act: (typeof planned)[number]) => act.tags.find((tag) => tag.relation === "bandSetups")?.name;
    let promises = 0;
    for (const act of planned) {
      const name = act.row.name;
      const genres = genresOf(act);
      const words = `${act.row.headline} ${act.row.description}`;
      if (/Revue/.test(name)) expect(genres, name).toContainEqual(expect.stringMatching(/^(Soul|Motown|R&B|Funk)$/));
      if (/Jazz (Trio|Quartet)/.test(name))
        expect(genres, name).toContainEqual(expect.stringMatching(/^(Jazz|Swing)$/));
      if (/Trio$/.test(name)) expect(setupOf(act), name).toBe("Trio");
      if (/Duo$/.test(name)) expect(setupOf(act), name).toBe("Duo");
      if (/Revue|Jazz Trio|Trio$|Duo$/.test(name)) promises += 1;
      // Every genre the words name is one of the act's.
      for (const genre of ["Country", "Soul", "Jazz", "Classical", "Motown", "Swing", "Blues"])
        if (new RegExp(`\\b${genre}\\b`).test(words) && !name.includes(genre))
          expect(genres, `${name}: ${words}`).toContain(genre);
      expect(words, name).not.toMatch(/\b(\w[\w&+-]*) and \1\b/);
    }
    expect(promises).toBeGreaterThan(5);
  });

  it("is the same on every machine: made from the seed alone", () => {
    expect(planCatalogue(320, new Date("2026-11-25T12:00:00Z")).map((act) => act.row.name)).toEqual(
      planned.map((act) => act.row.name),
    );
  });
});
