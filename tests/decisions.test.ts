import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const folder = join(root, "docs/decisions");
const decisions = readdirSync(folder)
  .filter((name) => /^\d{4}-.*\.md$/.test(name))
  .map((name) => ({ name, text: readFileSync(join(folder, name), "utf8") }));

/** Every file of the repository outside what npm and builds bring. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (["node_modules", "build", "dist", "data", ".git", ".react-router"].includes(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [relative(root, path)];
  });
}

/** What the build and `npm install` make (ignored by git), which a decision may name too. */
const BUILT = [/^dist\//, /^server\/db\/data\/us-places\.json$/];

/** A source file a decision names in backticks: `modules/bookings/money.ts`. */
const CITED = /`([\w.$-]+(?:\/[\w.$-]+)+\.(?:ts|tsx|mjs|js|md|json|sql))`/g;

describe("the decisions", () => {
  it("each says where it stands, and one that amends another is named back by it", () => {
    for (const { name, text } of decisions) {
      expect(text, name).toMatch(/^Status: /m);
      const status = /^Status: (.*)$/m.exec(text)![1]!;
      for (const [, amended] of status.matchAll(/\bAmends (\d{4})/g)) {
        const other = decisions.find((decision) => decision.name.startsWith(amended!))!;
        const back = new RegExp(`\\b0{0,2}${Number(name.slice(0, 4))}\\b`);
        expect(/^Status: .*$/m.exec(other.text)![0], `${name} amends ${other.name}`).toMatch(back);
      }
    }
  });

  it("each file it names is there: from the repository's root, or from the module it speaks of", () => {
    const files = filesUnder(root);
    const missing = decisions.flatMap(({ name, text }) =>
      [...text.matchAll(CITED)]
        .map(([, path]) => path!)
        .filter((path) => !BUILT.some((built) => built.test(path)))
        .filter((path) => !files.some((file) => file === path || file.endsWith(`/${path}`)))
        .map((path) => `${name}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
