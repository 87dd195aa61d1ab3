import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect";

describe("safeRedirect", () => {
  it("keeps paths on our origin", () => {
    for (const path of [
      "/",
      "/events",
      "/search?q=jazz&radius=50",
      "/entertainment/the-velvet-tones#reviews",
      "/a/b/../c",
    ]) {
      expect(safeRedirect(path)).toBe(new URL(path, "https://x.invalid").href.slice("https://x.invalid".length));
    }
  });

  it("replaces anything that leaves it, or that a browser may read differently", () => {
    const hostile = [
      "//evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/%09/evil.example",
      "/%0A/evil.example",
      "/%0d%0aSet-Cookie:x=1",
      "/\\evil.example",
      "/\\/evil.example",
      "\\\\evil.example",
      " /events",
      "/ /evil.example",
      "https://evil.example/",
      "http:evil.example",
      "javascript:alert(1)",
      "evil.example",
      "/\u0000",
      "/\u200B/evil.example",
      "%2F%2Fevil.example",
      "/.//evil.example.com",
      "/..//evil.example.com",
      "/a/..//evil.example.com",
      "/.%2F%2Fevil.example.com",
      "/%2F%2Fevil.example.com",
      "/.%2f%2fevil.example.com",
      "/%5C%5Cevil.example.com",
      "",
      `/${"a".repeat(3000)}`,
    ];
    for (const value of hostile) expect(safeRedirect(value), JSON.stringify(value)).toBe("/");
    expect(safeRedirect(null, "")).toBe("");
    expect(safeRedirect(42 as unknown as string)).toBe("/");
  });
});
