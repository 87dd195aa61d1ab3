import { describe, expect, it } from "vitest";
import { foundLine } from "./found-line";

describe("foundLine", () => {
  it("says an exact total as it is, and an estimated one with About", () => {
    expect(foundLine({ total: 0, totalEstimated: false })).toBe("0 entertainers found");
    expect(foundLine({ total: 1, totalEstimated: false })).toBe("1 entertainer found");
    expect(foundLine({ total: 12_345, totalEstimated: false })).toBe("12345 entertainers found");
    expect(foundLine({ total: 32_504, totalEstimated: true })).toBe("About 32,504 entertainers found");
  });
});
