import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstFreeSlug, slugify, uniqueSlug } from "./slug";

describe("slugs", () => {
  it("are url-safe for any name", () => {
    expect(slugify("The Velvet Tones!")).toBe("the-velvet-tones");
    expect(slugify("Beyoncé & Co")).toBe("beyonce-co");
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(uniqueSlug(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }),
    );
  });
});

describe("an act's address", () => {
  it("is its name, with the first free number only on a clash", () => {
    expect(firstFreeSlug("midnight-marigolds", new Set())).toBe("midnight-marigolds");
    expect(firstFreeSlug("midnight-marigolds", new Set(["midnight-marigolds"]))).toBe("midnight-marigolds-2");
    expect(
      firstFreeSlug(
        "midnight-marigolds",
        new Set(["midnight-marigolds", "midnight-marigolds-2", "midnight-marigolds-4"]),
      ),
    ).toBe("midnight-marigolds-3");
  });
});
