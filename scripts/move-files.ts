// Moves source files with `git mv` and rewrites every import of them, and every relative import
// inside them, so that a regrouping is one command and the type check proves it:
//
//   npx tsx scripts/move-files.ts domain/events.ts=modules/bookings/events.ts app/features/booking=modules/bookings/ui
//
// A folder moves with everything in it. An import that stays in its top-level folder within one
// step up is written relative (`./x`, `../x`); any other is written with the folder's alias
// (`#modules/…`, `#server/…`, `#domain/…`, `#app/…`, `#tests/…`: scripts/import-aliases). With no pairs,
// `--aliases` rewrites the whole tree's long relative climbs the same way.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { ALIASED_FOLDERS } from "./import-aliases";

const ROOT = resolve(import.meta.dirname, "..");
const SOURCE_FOLDERS = ["app", "start", "ui", "server", "domain", "modules", "tests", "scripts", "content"];
const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", "/index.ts"];
/** `from "x"`, `import("x")`, `import "x"`, `vi.mock("x")`: every place a module names another. */
const SPECIFIER = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)(["'])([^"']+)\2/g;

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith("+") || name.startsWith(".")) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|mjs)$/.test(name) ? [path] : [];
  });
}

/** The file a specifier names, absolute, or null for a package or a file we cannot find. */
function resolveSpecifier(from: string, specifier: string): string | null {
  let base: string;
  const alias = specifier.match(/^#(\w+)\/(.*)$/);
  if (alias && ALIASED_FOLDERS.includes(alias[1]!)) base = join(ROOT, alias[1]!, alias[2]!);
  else if (specifier.startsWith(".")) base = resolve(dirname(from), specifier.replace(/\?.*$/, ""));
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** How `from` names `target`: relative within its folder and one step up, else by alias. */
function specifierFor(from: string, target: string, original: string): string {
  const query = original.match(/\?.*$/)?.[0] ?? "";
  const keepExtension =
    /\.(css|mjs|json|svg|png|txt)(\?.*)?$/.test(original) || /\.tsx?$/.test(original.replace(/\?.*$/, ""));
  const bare = keepExtension ? target : target.replace(/(\/index)?\.tsx?$/, "");
  const topOf = (path: string) => relative(ROOT, path).split(sep)[0]!;
  let path = relative(dirname(from), bare).split(sep).join("/");
  if (!path.startsWith(".")) path = `./${path}`;
  const climbs = path.split("/").filter((part) => part === "..").length;
  if ((topOf(from) === topOf(target) && climbs <= 1) || !ALIASED_FOLDERS.includes(topOf(target))) return path + query;
  return `#${relative(ROOT, bare).split(sep).join("/")}${query}`;
}

function rewrite(
  file: string,
  text: string,
  locate: (target: string) => string,
  filePath: string,
  aliasesOnly: boolean,
): string {
  return text.replace(SPECIFIER, (whole, lead: string, quote: string, specifier: string) => {
    const target = resolveSpecifier(file, specifier);
    if (!target) return whole;
    const moved = locate(target);
    const next = specifierFor(filePath, moved, specifier);
    const unchanged =
      moved === target && filePath === file && !(aliasesOnly && specifier.startsWith(".") && next.startsWith("#"));
    return unchanged ? whole : `${lead}${quote}${next}${quote}`;
  });
}

function main(args: string[]): void {
  const aliasesOnly = args.includes("--aliases");
  const pairs = args
    .filter((arg) => arg.includes("="))
    .map((arg) => arg.split("=").map((path) => resolve(ROOT, path)) as [string, string]);
  /** Each moved file's new path, by its old one. */
  const moves = new Map<string, string>();
  for (const [from, to] of pairs) {
    const files = statSync(from).isDirectory() ? sourceFiles(from).concat(otherFiles(from)) : [from];
    for (const file of files) moves.set(file, statSync(from).isDirectory() ? join(to, relative(from, file)) : to);
  }
  const locate = (target: string) => moves.get(target) ?? target;
  const files = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder))).concat(rootConfigs());
  const texts = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const next = aliasesOnly || moves.size > 0 ? rewrite(file, text, locate, locate(file), aliasesOnly) : text;
    if (next !== text) texts.set(file, next);
  }
  for (const [from, to] of moves) {
    execFileSync("mkdir", ["-p", dirname(to)]);
    execFileSync("git", ["mv", from, to], { cwd: ROOT });
  }
  for (const [file, text] of texts) writeFileSync(locate(file), text);
  console.log(`moved ${moves.size} file(s), rewrote imports in ${texts.size}`);
}

/** Files in a moved folder that are not source (styles, data): they move too. */
function otherFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return otherFiles(path);
    return /\.(tsx?|mjs)$/.test(name) ? [] : [path];
  });
}

function rootConfigs(): string[] {
  return readdirSync(ROOT)
    .filter((name) => /\.(ts|mjs)$/.test(name))
    .map((name) => join(ROOT, name));
}

main(process.argv.slice(2));
