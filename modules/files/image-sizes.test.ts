import { describe, expect, it } from "vitest";
import { parseSizedName, sizedKey, widthFor } from "./image-sizes";

describe("sized copies of images", () => {
  it("are named after their original and width, and only the widths we make parse", () => {
    expect(sizedKey("avatars/a.png", 320)).toBe("avatars/a.png.320w.webp");
    expect(parseSizedName("a.png.320w.webp")).toEqual({ original: "a.png", width: 320 });
    expect(parseSizedName("a.png.321w.webp")).toBeNull();
    expect(parseSizedName("a.png.320w.png")).toBeNull();
    expect(parseSizedName("a.png")).toBeNull();
    // Each other spelling of a width would be a new file made and kept for whoever asks.
    for (const spelling of ["0320w", "00320w", "320W", "+320w", "320.0w", "3.2e2w"])
      expect(parseSizedName(`a.png.${spelling}.webp`)).toBeNull();
  });

  it("a slot gets the smallest copy at least as wide, or the largest", () => {
    expect(widthFor(96)).toBe(160);
    expect(widthFor(192)).toBe(320);
    expect(widthFor(5000)).toBe(1280);
  });
});
