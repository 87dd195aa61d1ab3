import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "./slug";

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
