import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FACETS_EXACT_UP_TO,
  SPARSE_SAMPLE_FROM,
  TOTAL_EXACT_UP_TO,
  serializeSearchFilter,
  type ActSearchFilter,
} from "#modules/discovery/search-filter";
import type { ActSearchPage } from "#modules/discovery/answers";
import { createTestServer, json, type TestServer } from "#tests/setup/api-harness";
import { addBulkActs } from "#server/db/bulk-acts";
import { searchBounds } from "#modules/discovery/server/search/search-query";
import { notFreeOn } from "#modules/availability/server";

let server: TestServer;
// Generated acts are spread evenly over the 400 largest places, 124 of which lie within 500
// miles of Pittsburgh: enough that a search around it passes the limit of exact counts too.
const GENERATED = 34_000;

beforeAll(async () => {
  server = await createTestServer();
  await addBulkActs(server.database.db, GENERATED);
}, 600_000);
afterAll(async () => server.close());

async function search(filter: Partial<ActSearchFilter>): Promise<ActSearchPage> {
  const response = await server.request(`/api/acts?${serializeSearchFilter(filter)}`);
  expect(response.status).toBe(200);
  return json<ActSearchPage>(response);
}

/** Per "<list>:<value>" key, how many visible acts matching `where` have it, counted one by one. */
async function exactCounts(where: ReturnType<typeof sql>): Promise<Map<string, number>> {
  const { rows } = (await server.database.db.execute(
    sql`select f as key, count(*)::int as count from act_search s cross join unnest(s.facets) f where s.visible and ${where} group by f`,
  )) as unknown as { rows: { key: string; count: number }[] };
  return new Map(rows.map((row) => [row.key, row.count]));
}

/**
 * A total is exact, or (past TOTAL_EXACT_UP_TO by the sample) the sample's count times eight and
 * saying so. A search ranked by relevance with fewer matches reads every match on the embedded
 * database anyway, and counts them there; a server, and the embedded database past twice
 * RANKED_UP_TO by the one-in-64 slice, estimate it like any other.
 */
function expectTotal(page: ActSearchPage, truth: number) {
  if (!page.meta.totalEstimated) return expect(page.meta.total).toBe(truth);
  expect(truth).toBeGreaterThan(TOTAL_EXACT_UP_TO * 0.9);
  expect(page.meta.total % 8).toBe(0);
  expect(Math.abs(page.meta.total - truth) / truth).toBeLessThan(0.05);
}

function expectNear(page: ActSearchPage, exact: Map<string, number>) {
  for (const [list, values] of Object.entries(page.meta.facets)) {
    for (const { value, count } of values) {
      const truth = exact.get(`${list}:${value}`) ?? 0;
      // One act in eight is counted: common values land within a fifth of the truth (for 2,000
      // acts, 250 counted, a fifth is three standard deviations; for 1,000 it was two).
      if (truth >= 2_000) expect(Math.abs(count - truth) / truth, `${list}:${value}`).toBeLessThan(0.2);
      expect(count, `${list}:${value}`).toBeLessThanOrEqual(page.meta.total);
    }
  }
}

describe(`facet counts past ${FACETS_EXACT_UP_TO.toLocaleString("en-US")} matches`, () => {
  it("a search with a date alone: the kept counts less the acts not free that day, exact; with a keyword too, estimated and saying so", async () => {
    const wide = await search({ date: "2099-01-01" });
    const [truth] = (
      (await server.database.db.execute(
        sql`select count(*)::int as n from act_search s where s.visible`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(truth!.n).toBeGreaterThan(FACETS_EXACT_UP_TO);
    expect(wide.meta.total).toBe(truth!.n);
    expect(wide.meta.facetsEstimated).toBe(false);
    const exact = await exactCounts(sql`true`);
    for (const [list, values] of Object.entries(wide.meta.facets))
      for (const { value, count } of values) expect(count, `${list}:${value}`).toBe(exact.get(`${list}:${value}`));

    const keyworded = await search({ date: "2099-01-01", searchTerms: "number" });
    expectTotal(keyworded, GENERATED);
    expect(keyworded.meta.facetsEstimated).toBe(true);
    expectNear(keyworded, await exactCounts(sql`s.document @@ to_tsquery('simple', 'number:*')`));
  });

  it("a busy day's counts are exact up to a bound of acts not free, and past it less the sample's, saying so", async () => {
    // Generated blocks and calendars take a few hundred acts each day; the bound (2,500, for a
    // million acts' busiest days) is lowered so that this day passes it.
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const free = sql`not ${notFreeOn(day)}`;
    const exact = await exactCounts(free);
    const [truth] = (
      (await server.database.db.execute(
        sql`select count(*)::int as free, (select count(*)::int from act_search s where s.visible and ${notFreeOn(day)}) as taken
          from act_search s where s.visible and ${free}`,
      )) as unknown as { rows: { free: number; taken: number }[] }
    ).rows;
    expect(truth!.taken).toBeGreaterThan(100);

    const counted = await search({ date: day });
    expect([counted.meta.total, counted.meta.totalEstimated, counted.meta.facetsEstimated]).toEqual([
      truth!.free,
      false,
      false,
    ]);
    for (const [list, values] of Object.entries(counted.meta.facets))
      for (const { value, count } of values) expect(count, `${list}:${value}`).toBe(exact.get(`${list}:${value}`));

    searchBounds.notFreeExactUpTo = 100;
    try {
      // Another page size, so that the answer kept from the first does not reply.
      const sampled = await search({ date: day, perPage: 19 });
      expect([sampled.meta.totalEstimated, sampled.meta.facetsEstimated]).toEqual([true, true]);
      // The free acts less an estimate of a few hundred taken: within a few per cent of them.
      expect(Math.abs(sampled.meta.total - truth!.free)).toBeLessThan(truth!.taken * 0.5);
      expectNear(sampled, exact);
      // Every value some free act has is still offered.
      for (const [list, values] of Object.entries(counted.meta.facets))
        expect(
          sampled.meta.facets[list as keyof typeof sampled.meta.facets].map((item) => item.value),
          list,
        ).toEqual(expect.arrayContaining(values.map((item) => item.value)));
      expect(sampled.data.map((act) => act.url)).toEqual(counted.data.slice(0, 19).map((act) => act.url));
    } finally {
      searchBounds.notFreeExactUpTo = FACETS_EXACT_UP_TO;
    }
  });

  it("two lists with a value each and a date: each list's counts, among the acts with the other's value that are free, are exact", async () => {
    const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
    const browse = await search({});
    const [style] = browse.meta.facets.styles;
    const [eventType] = browse.meta.facets.eventTypes;
    const page = await search({ styles: [style!.value], eventTypes: [eventType!.value], date: day });
    const free = sql`not ${notFreeOn(day)}`;
    const withValue = (key: string) => sql`s.facets @> array[${key}]::text[] and ${free}`;
    const amongStyle = await exactCounts(withValue(`styles:${style!.value}`));
    const amongEventType = await exactCounts(withValue(`eventTypes:${eventType!.value}`));
    expect(page.meta.facets.eventTypes.length).toBeGreaterThan(1);
    for (const { value, count } of page.meta.facets.eventTypes)
      expect(count, value).toBe(amongStyle.get(`eventTypes:${value}`));
    for (const { value, count } of page.meta.facets.styles)
      expect(count, value).toBe(amongEventType.get(`styles:${value}`));
  });

  it("a keyword search and a search around a place estimate the same way; a narrow one stays exact", async () => {
    // Every generated act's description says "Act number N".
    const keyword = await search({ searchTerms: "number" });
    expectTotal(keyword, GENERATED);
    expect(keyword.meta.facetsEstimated).toBe(true);
    expectNear(keyword, await exactCounts(sql`s.document @@ to_tsquery('simple', 'number:*')`));

    const around = await search({ searchTerms: "number", location: "Pittsburgh, PA", radius: 500 });
    const inCircle = sql`s.document @@ to_tsquery('simple', 'number:*') and s.act_id in (select a.id from acts a join places p on p.id = a.place_id, places c
      where c.label = 'Pittsburgh, PA' and 3958.8 * 2 * asin(least(1, sqrt(power(sin(radians(p.lat - c.lat) / 2), 2) + cos(radians(c.lat)) * cos(radians(p.lat)) * power(sin(radians(p.lng - c.lng) / 2), 2)))) <= 500)`;
    const [truth] = (
      (await server.database.db.execute(
        sql`select count(*)::int as n from act_search s where s.visible and ${inCircle}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(truth!.n).toBeGreaterThan(FACETS_EXACT_UP_TO);
    expectTotal(around, truth!.n);
    expect(around.meta.facetsEstimated).toBe(true);
    expectNear(around, await exactCounts(inCircle));

    const narrow = await search({ searchTerms: "velvet" });
    expect(narrow.meta.total).toBeLessThanOrEqual(FACETS_EXACT_UP_TO);
    expect(narrow.meta.facetsEstimated).toBe(false);
    const exact = await exactCounts(sql`s.document @@ to_tsquery('simple', 'velvet:*')`);
    for (const [list, values] of Object.entries(narrow.meta.facets))
      for (const { value, count } of values) expect(count, `${list}:${value}`).toBe(exact.get(`${list}:${value}`));
  });

  it("a chosen list's own counts come from the acts matching the rest: estimated the same way when those are many", async () => {
    const everyNumber = sql`s.document @@ to_tsquery('simple', 'number:*')`;
    const [style] = (await search({ searchTerms: "number" })).meta.facets.styles;
    const narrowed = await search({ searchTerms: "number", styles: [style!.value] });
    expect(narrowed.meta.facetsEstimated).toBe(true);
    // The styles offered are counted as if no style were chosen: among every "number" act.
    const truth = await exactCounts(everyNumber);
    for (const { value, count } of narrowed.meta.facets.styles) {
      const exact = truth.get(`styles:${value}`) ?? 0;
      if (exact >= 1_000) expect(Math.abs(count - exact) / exact, value).toBeLessThan(0.2);
    }
    expect(narrowed.meta.facets.styles.map((item) => item.value)).toContain(style!.value);
  });

  it(`past ${TOTAL_EXACT_UP_TO.toLocaleString("en-US")} matches by the sample, the total is the sample's count times eight and says so; fewer are counted`, async () => {
    // Sorted by rating, a keyword search counts like any other on both databases.
    const many = await search({ searchTerms: "number", sort: "rating" });
    expect(many.meta.totalEstimated).toBe(true);
    expectTotal(many, GENERATED);
    const pages = Math.ceil(many.meta.total / many.meta.perPage);
    // The last page the total promises holds the last matches, or comes out short.
    const last = await search({ searchTerms: "number", sort: "rating", page: pages });
    expect(last.data.length).toBeLessThanOrEqual(many.meta.perPage);
    expect(last.meta.total).toBe(many.meta.total);

    const few = await search({ searchTerms: "velvet", sort: "rating" });
    const [truth] = (
      (await server.database.db.execute(
        sql`select count(*)::int as n from act_search s where s.visible and s.document @@ to_tsquery('simple', 'velvet:*')`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect([few.meta.total, few.meta.totalEstimated]).toEqual([truth!.n, false]);
  });

  it(`past ${SPARSE_SAMPLE_FROM.toLocaleString("en-US")} matches by the sparse slice, the total and the counts are one act in 64's, times 64`, async () => {
    // The bound is for a million acts; lowered here so that these 34,000 reach it.
    searchBounds.sparseFrom = 16_000;
    try {
      const everyNumber = sql`s.document @@ to_tsquery('simple', 'number:*')`;
      const count = async (where: ReturnType<typeof sql>) =>
        (
          (await server.database.db.execute(
            sql`select count(*)::int as n from act_search s where s.visible and ${where}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n;
      // Not asked before in this file, so that no kept answer replies.
      const page = await search({ searchTerms: "number", sort: "reviews" });
      const sparse = await count(sql`${everyNumber} and hashint4(s.act_id) & 63 = 0`);
      expect(sparse * 64).toBeGreaterThanOrEqual(searchBounds.sparseFrom);
      expect([page.meta.total, page.meta.totalEstimated, page.meta.facetsEstimated]).toEqual([sparse * 64, true, true]);
      const truth = await count(everyNumber);
      // About 500 acts counted here (a thousand or more at the real bound): within a tenth or so.
      expect(Math.abs(page.meta.total - truth) / truth).toBeLessThan(0.12);
      const exact = await exactCounts(everyNumber);
      for (const [list, values] of Object.entries(page.meta.facets))
        for (const { value, count } of values) {
          const of = exact.get(`${list}:${value}`) ?? 0;
          // About 80 of each counted: within a third.
          if (of >= 5_000) expect(Math.abs(count - of) / of, `${list}:${value}`).toBeLessThan(0.34);
        }
      expect(page.data).toHaveLength(page.meta.perPage);

      // A chosen list's own values are counted among every act matching the rest, by the same slice.
      const [eventType] = page.meta.facets.eventTypes;
      const chosen = await search({ searchTerms: "number", eventTypes: [eventType!.value], sort: "reviews" });
      expect(chosen.meta.facets.eventTypes).toEqual(page.meta.facets.eventTypes);
      expect(chosen.meta.total).toBeLessThan(page.meta.total);
    } finally {
      searchBounds.sparseFrom = SPARSE_SAMPLE_FROM;
    }
  });

  it("two values' page is the same walked to on their kept pair count, without waiting for the count, as sorted from every match", async () => {
    const browse = await search({});
    const [style] = browse.meta.facets.styles;
    const [eventType] = browse.meta.facets.eventTypes;
    const filter = { styles: [style!.value], eventTypes: [eventType!.value], date: "2099-01-02" };
    const WALK_FROM = searchBounds.walkFrom;
    try {
      // Walked to from one match per row on (the pair count says there are hundreds), and never.
      searchBounds.walkFrom = 1;
      const walked = await search({ ...filter, perPage: 20 });
      searchBounds.walkFrom = 1_000_000;
      const sorted = await search({ ...filter, perPage: 19 });
      expect(walked.meta.total).toBeGreaterThan(40);
      expect(walked.data.map((act) => act.url).slice(0, 19)).toEqual(sorted.data.map((act) => act.url));
    } finally {
      searchBounds.walkFrom = WALK_FROM;
    }
  });

  it("a chosen list's page is the same found along the sort's index as found by sorting every match", async () => {
    // A page is walked to when there are 250 matches or more per row up to its last, and read
    // and sorted otherwise: 20 rows of this list are walked to, 50 are sorted.
    const [eventType] = (await search({})).meta.facets.eventTypes;
    for (const sort of ["recommended", "rating", "newest"] as const) {
      const walked = await search({ eventTypes: [eventType!.value], sort, perPage: 20 });
      const sorted = await search({ eventTypes: [eventType!.value], sort, perPage: 50 });
      expect(walked.meta.total).toBeGreaterThanOrEqual(250 * 20);
      expect(walked.meta.total).toBeLessThan(250 * 50);
      expect(
        walked.data.map((act) => act.url),
        sort,
      ).toEqual(sorted.data.slice(0, 20).map((act) => act.url));
    }
  });
});
