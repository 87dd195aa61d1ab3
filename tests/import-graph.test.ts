import { describe, expect, it } from "vitest";
import { MAY_IMPORT, findCycles, importGraph, isPublic, layerOf, moduleOf } from "./import-graph";

describe("the import graph", () => {
  const graph = importGraph();

  it("has no cycles", () => {
    expect(findCycles(graph).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  it("points down: pages, modules, the design system and the platform, the kernel; never back up", () => {
    const wrong = [...graph].flatMap(([file, targets]) => {
      const layer = layerOf(file);
      return targets
        .filter((target) => !MAY_IMPORT[layer].includes(layerOf(target)))
        .map((target) => `${file} -> ${target}`);
    });
    expect(wrong).toEqual([]);
  });

  it("keeps each module's insides its own: pages and other modules use only its shared rules and entries", () => {
    const wrong = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => moduleOf(target) !== null && moduleOf(target) !== moduleOf(file) && !isPublic(target, file))
        .map((target) => `${file} -> ${target}`),
    );
    expect(wrong).toEqual([]);
  });
});
