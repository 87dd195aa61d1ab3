import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { guideSchema } from "#modules/seo/schemas";

const CONTENT = join(import.meta.dirname, "..", "content");
const files = readdirSync(CONTENT).filter((name) => name.startsWith("seo-long-form") && name.endsWith(".json"));
const guides = files.flatMap((name) =>
  (JSON.parse(readFileSync(join(CONTENT, name), "utf8")) as { url: string }[]).map(({ url, ...guide }) =>
    guideSchema.parse({ slug: url, ...guide }),
  ),
);
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("the guides a first start imports", () => {
  it("are at least 15 long-form pages of at least 600 words each, every slug once", () => {
    expect(new Set(guides.map((guide) => guide.slug)).size).toBe(guides.length);
    expect(guides.length).toBeGreaterThanOrEqual(15);
    for (const guide of guides) {
      const words = [
        ...guide.paragraphs,
        ...guide.sections.flatMap((section) => [section.heading, ...section.paragraphs]),
      ].reduce((sum, text) => sum + wordsOf(text), 0);
      expect(words, guide.slug).toBeGreaterThanOrEqual(600);
    }
  });

  it("link into the site: to search, listings or another guide that exists", () => {
    const slugs = new Set(guides.map((guide) => guide.slug));
    for (const link of guides.flatMap((guide) => guide.links)) {
      expect(link.path, link.label).toMatch(/^\/(search(\?|$)|hire\/[a-z0-9-]+\/[a-z0-9-]+$|guides\/)/);
      if (link.path.startsWith("/guides/")) expect(slugs.has(link.path.slice("/guides/".length)), link.path).toBe(true);
    }
  });
});
