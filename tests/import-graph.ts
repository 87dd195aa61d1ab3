// The import graph of our own code, and its floors (docs/architecture.md): what
// tests/import-graph.test.ts checks and scripts/draw-imports.ts draws.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const FOLDERS = ["start", "app", "ui", "server", "domain", "modules"] as const;

/**
 * The floors, top to bottom (docs/architecture.md): what starts the product and hands the
 * platform its modules (start/); pages; modules' page components and
 * modules' server code; modules' shared rules; the design system and the platform; the kernel.
 */
export type Layer =
  | "start"
  | "pages"
  | "module-ui"
  | "module-server"
  | "module-rules"
  | "design-system"
  | "platform"
  | "domain";
/** Which floors each floor may import: down only, and the browser's floors never the server's. */
/** The floors, top first. */
export const LAYERS: readonly Layer[] = [
  "start",
  "pages",
  "module-ui",
  "module-server",
  "module-rules",
  "design-system",
  "platform",
  "domain",
];
export const MAY_IMPORT: Record<Layer, Layer[]> = {
  start: ["start", "pages", "module-ui", "module-server", "module-rules", "design-system", "platform", "domain"],
  pages: ["pages", "module-ui", "module-server", "module-rules", "design-system", "platform", "domain"],
  "module-ui": ["module-ui", "module-rules", "design-system", "domain"],
  "module-server": ["module-server", "module-rules", "platform", "domain"],
  "module-rules": ["module-rules", "domain"],
  "design-system": ["design-system", "domain"],
  platform: ["platform", "domain"],
  domain: ["domain"],
};

/** A capability module (modules/<name>/): its top-level files are its shared rules, server/ and ui/ its two sides. */
export function layerOf(file: string): Layer {
  const [top, , part] = file.split("/");
  if (top === "modules") return part === "server" ? "module-server" : part === "ui" ? "module-ui" : "module-rules";
  return ({ start: "start", app: "pages", ui: "design-system", server: "platform", domain: "domain" } as const)[
    top as "start"
  ];
}

/** The module a file belongs to, or null outside modules/. */
export function moduleOf(file: string): string | null {
  const [top, name] = file.split("/");
  return top === "modules" ? name! : null;
}

/**
 * What pages and other modules may use of a module: its shared rules (top-level files) and its
 * published entries (server/index.ts, ui/index.ts, and server/tables.ts: its tables, which other
 * modules' queries join), never the files behind them. Pages may also
 * use a module's server/pages.ts: what assembles other modules, which other modules may not import;
 * and start/ its server/start.ts: what the module hands the platform when the product starts.
 */
export function isPublic(target: string, from: string): boolean {
  const parts = target.split("/");
  if (parts.length === 3) return true;
  if (parts.length !== 4 || !/^(server|ui)$/.test(parts[2]!)) return false;
  if (/^index\.tsx?$/.test(parts[3]!) || parts[3] === "tables.ts") return true;
  if (parts[3] === "pages.ts") return layerOf(from) === "pages" || layerOf(from) === "start";
  return parts[3] === "start.ts" && layerOf(from) === "start";
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
export function importGraph(): Map<string, string[]> {
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

export function findCycles(graph: Map<string, string[]>): string[][] {
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
