import { describe, expect, it } from "vitest";
import { visualRuns } from "./text-runs";

const texts = (line: string) => visualRuns(line, "regular", "fallback").map((run) => run.text);

describe("a line's runs in the order they stand on the page", () => {
  it("keeps left-to-right text as it is", () => {
    expect(texts("Event: Café, 2027").join("")).toBe("Event: Café, 2027");
  });

  it("reads a right-to-left stretch right to left, numbers within it left to right", () => {
    // fontkit turns each Hebrew run's letters itself; the runs' order and the spaces are ours.
    expect(texts("Event: חתונה של דנה 12 then")).toEqual([
      "Event",
      ": ",
      "12",
      " ",
      "דנה",
      " ",
      "של",
      " ",
      "חתונה",
      " ",
      "then",
    ]);
    expect(texts("حفل زفاف")).toEqual(["زفاف", " ", "حفل"]);
  });

  it("keeps an emoji's joiners and selectors with it, and finds a font for every script", () => {
    expect(texts("👩‍👩‍👧 ok")[0]).toBe("👩‍👩‍👧");
    for (const [line, family] of [
      ["Свадьба", "noto-sans"],
      ["חתונה", "noto-sans-hebrew"],
      ["حفل", "noto-sans-arabic"],
      ["婚礼", "noto-sans-sc"],
      ["결혼식", "noto-sans-kr"],
      ["🎉", "noto-emoji"],
    ] as const)
      expect(visualRuns(line, "regular", "fallback")[0]!.font, line).toContain(`@fontsource/${family}/`);
  });
});
