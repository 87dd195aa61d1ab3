import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";
import { rowsOf } from "#server/db/rows-of";
import { addBulkActs } from "#server/db/bulk-acts";
import { acts } from "#modules/acts/server/tables";
import { parseSearchFilter } from "#modules/discovery/search-filter";
import { WORDS_PER_PREFIX, keywordQuery } from "./keywords";
import { searchActs } from "./search-acts";

// Decision 63: a typed word's prefix is asked as the known words it stands for. These tests hold
// the search to what the prefix itself finds, whichever way the index is asked.
let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
  await addBulkActs(server.database.db, 400);
}, 600_000);
afterAll(async () => server.close());

/** Writes an act's description as its artist would; its search row follows (refresh_act_search). */
async function writeDescription(id: number, description: string) {
  await server.database.db.update(acts).set({ description }).where(eq(acts.id, id));
}

/** Acts a guest may find. */
async function someActIds(count: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    server.database.db.execute(sql`select act_id as id from act_search where visible order by act_id limit ${count}`),
  );
  return rows.map((row) => row.id);
}

/**
 * The visible acts whose document matches every typed word as a prefix, or one of its typo
 * alternatives, as the search asked before decision 63 (the texts it ranks by), straight from act_search.
 */
async function prefixMatches(terms: string): Promise<string[]> {
  const query = (await keywordQuery(server.database.db, terms))!.ranked.tolerant;
  expect(query).toContain(":*");
  const rows = await rowsOf<{ url: string }>(
    server.database.db.execute(
      sql`select a.url from act_search s join acts a on a.id = s.act_id
        where s.visible and s.document @@ to_tsquery('simple', ${query}) order by a.url`,
    ),
  );
  return rows.map((row) => row.url);
}

/** Every act a guest's search for the words finds, page by page. */
async function searched(terms: string): Promise<{ urls: string[]; total: number }> {
  const urls: string[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const answer = await searchActs(
      server.database.db,
      null,
      parseSearchFilter(`searchTerms=${encodeURIComponent(terms)}&perPage=50&page=${page}`),
    );
    total = answer.meta.total;
    urls.push(...answer.data.map((act) => act.url));
    if (answer.data.length < 50) break;
  }
  return { urls: urls.sort(), total };
}

describe("a typed word's prefix", () => {
  it("is asked as the few known words it begins, and as a prefix when they are many or not plain words", async () => {
    const [first, second, third] = await someActIds(3);
    await writeDescription(first!, "Zyxqa grooves and zyxqb beats");
    await writeDescription(second!, "Zyxqc sets");
    expect((await keywordQuery(server.database.db, "zyxq"))!.exact).toBe("(zyxqa | zyxqb | zyxqc)");
    // A word the prefix is whole: itself, and still the prefix for ranking.
    const whole = (await keywordQuery(server.database.db, "zyxqc"))!;
    expect(whole.exact).toBe("zyxqc");
    expect(whole.ranked.exact).toBe("zyxqc:*");
    // A hyphenated word is found by its parts, which the document holds as well.
    await writeDescription(third!, "Zyxq-funk nights");
    expect((await keywordQuery(server.database.db, "zyxq"))!.exact).toBe("(zyxq | zyxqa | zyxqb | zyxqc)");
    // A known word of other characters (a host) would be parsed apart in a query's text.
    await writeDescription(third!, "Nights at zyxqhall.example.com");
    expect((await keywordQuery(server.database.db, "zyxq"))!.exact).toBe("zyxq:*");
    // No act has it: asked as typed, and finds nothing.
    expect((await keywordQuery(server.database.db, "qqqqzzzz"))!.exact).toBe("qqqqzzzz:*");
    // More known words than WORDS_PER_PREFIX: the prefix.
    const many = Array.from({ length: WORDS_PER_PREFIX + 1 }, (_, i) => `wvut${String.fromCharCode(97 + i)}`);
    await writeDescription(first!, many.join(" "));
    expect((await keywordQuery(server.database.db, "wvut"))!.exact).toBe("wvut:*");
    expect((await keywordQuery(server.database.db, "wvuta"))!.exact).toBe("wvuta");
    // A word an array's text would read as no word ("null") is looked up as any other.
    await writeDescription(second!, "Nullable nullity");
    expect((await keywordQuery(server.database.db, "null"))!.exact).toBe("(nullable | nullity)");
  });

  it("finds exactly the acts the prefix finds, alone, beside another word and with a typo alternative", async () => {
    const [first, second, third, fourth] = await someActIds(4);
    await writeDescription(first!, "Velvetine harmonies for jazzfest nights");
    await writeDescription(second!, "Jazzy swing, jazz2000 remixes");
    await writeDescription(third!, "jazz-funk and the velvetones, velvet-rope sets");
    await writeDescription(fourth!, "Velveteen jazzhands.example.com");
    // Words of the generated catalogue (names, headlines, tags, places) cut short, and the ones above.
    const common = await rowsOf<{ word: string }>(
      server.database.db.execute(sql`select word from (select w as word, count(*) as n from act_search, unnest(tsvector_to_array(document)) w
        where w ~ '^[a-z]{4,}$' group by w order by n desc, w limit 12) c`),
    );
    const typed = [
      ...common.flatMap(({ word }) => [word, word.slice(0, 3), word.slice(0, -1)]),
      "jazz",
      "jaz",
      "velvet",
      "velv",
      "jazz velvet",
      "velv jaz",
      "dj jazz",
    ];
    for (const terms of new Set(typed)) {
      const { urls, total } = await searched(terms);
      const expected = await prefixMatches(terms);
      expect(urls, terms).toEqual(expected);
      expect(total, terms).toBe(expected.length);
    }
    // A typo alternative ("velvit" for "velvet") still adds the acts that hold its known word.
    const velvet = await rowsOf<{ url: string }>(
      server.database.db.execute(sql`select a.url from act_search s join acts a on a.id = s.act_id
        where s.visible and s.document @@ to_tsquery('simple', 'velvet')`),
    );
    expect(velvet.length).toBeGreaterThan(0);
    expect((await searched("velvit")).urls).toEqual(expect.arrayContaining(velvet.map((row) => row.url)));
  });

  it("follows an act's new words: a word written after the catalogue was loaded is found by its prefix", async () => {
    const [first] = await someActIds(1);
    expect((await searched("quillowick")).urls).toEqual([]);
    await writeDescription(first!, "Quillowicks and quillowickery");
    expect((await keywordQuery(server.database.db, "quillow"))!.exact).toBe("(quillowickery | quillowicks)");
    expect((await searched("quillow")).urls).toEqual(await prefixMatches("quillowick"));
    expect(await prefixMatches("quillowick")).toHaveLength(1);
  });
});
