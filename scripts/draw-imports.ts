// Draws the imports by floor (`npx tsx scripts/draw-imports.ts`): how many files of each floor
// import each other floor, from the same graph tests/import-graph.test.ts checks. The drawing in
// docs/architecture.md is its output; every arrow points down or stays on its floor.
import { importGraph, layerOf, LAYERS } from "../tests/import-graph";

const graph = importGraph();
const counts = new Map<string, number>();
for (const [file, targets] of graph) {
  const from = layerOf(file);
  for (const to of new Set(targets.map(layerOf))) {
    if (to === from) continue;
    const key = `${from} -> ${to}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
}
for (const from of LAYERS) {
  const arrows = LAYERS.filter((to) => counts.has(`${from} -> ${to}`)).map(
    (to) => `${to} (${counts.get(`${from} -> ${to}`)})`,
  );
  console.log(`${from.padEnd(14)} -> ${arrows.join(", ") || "nothing of ours"}`);
}
