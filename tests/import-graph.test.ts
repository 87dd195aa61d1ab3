import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const FOLDERS = ["app", "server", "domain", "modules"] as const;
type Layer = "app" | "server" | "domain";
/** Which layers each layer may import: app -> server -> domain, never up. */
const MAY_IMPORT: Record<Layer, Layer[]> = {
  app: ["app", "server", "domain"],
  server: ["server", "domain"],
  domain: ["domain"],
};

/**
 * A capability module (modules/<name>/) holds all three layers: its top-level files are shared
 * rules (the domain layer, browser-safe), server/ is the server layer, ui/ the page layer.
 */
function layerOf(file: string): Layer {
  const [top, , part] = file.split("/");
  if (top !== "modules") return top as Layer;
  if (part === "server") return "server";
  if (part === "ui") return "app";
  return "domain";
}

/** The module a file belongs to, or null outside modules/. */
function moduleOf(file: string): string | null {
  const [top, name] = file.split("/");
  return top === "modules" ? name! : null;
}

/**
 * What one module may use of another: its shared rules (top-level files) and its published
 * entries (server/index.ts, ui/index.ts), never the files behind them.
 */
function isPublic(target: string): boolean {
  const parts = target.split("/");
  return (
    parts.length === 3 || (parts.length === 4 && /^(server|ui)$/.test(parts[2]!) && /^index\.tsx?$/.test(parts[3]!))
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" || name.startsWith("+") ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  const alias = specifier.match(/^#(\w+)\/(.*)$/);
  const base = alias
    ? join(ROOT, alias[1]!, alias[2]!.replace(/\?.*$/, ""))
    : resolve(dirname(from), specifier.replace(/\?.*$/, ""));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Try the next form.
    }
  }
  return null;
}

/** Imports of our own modules (relative or by alias), type-only ones included: a cycle of types is still a cycle. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)))) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+["']([.#][^"']+)["']/g)]
      .map((match) => resolveImport(file, match[1]!))
      .filter((target): target is string => target !== null && !/\.css$/.test(target));
    graph.set(
      relative(ROOT, file),
      targets.map((target) => relative(ROOT, target)),
    );
  }
  return graph;
}

function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe("the import graph", () => {
  const graph = importGraph();

  it("has no cycles", () => {
    expect(findCycles(graph).map((cycle) => cycle.join(" -> "))).toEqual([]);
  });

  it("points down: app -> server -> domain, and domain imports nothing of ours", () => {
    const wrong = [...graph].flatMap(([file, targets]) => {
      const layer = layerOf(file);
      return targets
        .filter((target) => !MAY_IMPORT[layer].includes(layerOf(target)))
        .map((target) => `${file} -> ${target}`);
    });
    expect(wrong).toEqual([]);
  });

  it("keeps each module's insides its own: another module uses only its shared rules and entries", () => {
    const wrong = [...graph].flatMap(([file, targets]) =>
      targets
        .filter(
          (target) =>
            moduleOf(target) !== null &&
            moduleOf(file) !== null &&
            moduleOf(target) !== moduleOf(file) &&
            !isPublic(target),
        )
        .map((target) => `${file} -> ${target}`),
    );
    expect(wrong).toEqual([]);
  });
});
