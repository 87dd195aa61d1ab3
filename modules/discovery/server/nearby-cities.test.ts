import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_OF_TAG_TYPE } from "#modules/discovery/listings";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";
import { rowsOf } from "#server/db/rows-of";
import { addBulkActs } from "#server/db/bulk-acts";
import { eventually } from "#tests/setup/eventually";
import { categorySlug } from "#modules/discovery/listings";
import { findCategory, findPlaceBySlug, nearbyCitiesWithCategory } from "./listings";

let server: TestServer;
// Spread over the 400 largest places, a few acts each: some carry a tag, their neighbours may not.
const GENERATED = 2_000;

beforeAll(async () => {
  server = await createTestServer();
  await addBulkActs(server.database.db, GENERATED);
}, 600_000);
afterAll(async () => server.close());

/** The cities within 250 miles home to a visible act with the tag, nearest first, joined act by act. */
async function joinedActByAct(key: string, place: { id: number; lat: number; lng: number }, limit = 6) {
  const rows = await rowsOf<{ label: string; slug: string }>(
    server.database.db.execute(sql`with near as (select p.id, 3958.8 * 2 * asin(least(1, sqrt(power(sin(radians(p.lat - ${place.lat}) / 2), 2)
        + cos(radians(${place.lat}::double precision)) * cos(radians(p.lat)) * power(sin(radians(p.lng - ${place.lng}) / 2), 2)))) as miles from places p)
      select p.label, p.slug, min(near.miles) as miles
      from act_search s join acts a on a.id = s.act_id join near on near.id = a.place_id join places p on p.id = near.id
      where s.visible and s.facets && ARRAY[${key}]::text[] and p.id <> ${place.id} and near.miles <= 250
      group by p.label, p.slug order by min(near.miles), p.slug limit ${limit}`),
  );
  return rows.map(({ label, slug }) => ({ label, slug }));
}

const listing = async (category: string, city: string) => {
  const tag = (await findCategory(server.database.db, categorySlug(category)))!;
  const place = (await findPlaceBySlug(server.database.db, city))!;
  return { tag, place, key: `${LIST_OF_TAG_TYPE[tag.type]}:${tag.name}` };
};

describe("a listing's nearby cities", () => {
  it("are the cities nearest first that are home to a visible act with the tag, as joining every act finds", async () => {
    const source = { db: server.database.db, cache: server.readCache };
    // The most and the fewest carried tags of each listed type, around large cities of several regions.
    const tagNames = await rowsOf<{ name: string }>(
      server.database.db.execute(sql`select name from (select t.name, t.type, count(*) as n,
          row_number() over (partition by t.type order by count(*) desc, t.name) as most,
          row_number() over (partition by t.type order by count(*), t.name) as fewest
        from act_tags x join tags t on t.id = x.tag_id group by t.name, t.type) c where most = 1 or fewest = 1`),
    );
    const cities = ["chicago-il", "dallas-tx", "new-york-ny", "los-angeles-ca", "atlanta-ga"];
    const pairs = tagNames.flatMap(({ name }) => cities.map((city) => [name, city] as [string, string]));
    expect(pairs.length).toBeGreaterThanOrEqual(20);
    let found = 0;
    for (const [category, city] of pairs) {
      const { tag, place, key } = await listing(category, city);
      const nearby = await nearbyCitiesWithCategory(source, tag, place);
      expect(nearby, `${category} near ${city}`).toEqual(await joinedActByAct(key, place));
      // A smaller limit takes the nearest; a larger one asks past the first few nearest.
      expect(await nearbyCitiesWithCategory(source, tag, place, 2)).toEqual(nearby.slice(0, 2));
      expect(await nearbyCitiesWithCategory(source, tag, place, 40)).toEqual(await joinedActByAct(key, place, 40));
      found += nearby.length;
    }
    expect(found).toBeGreaterThan(pairs.length * 2);
  });

  it("follow acts' changes: a city whose acts are hidden is no longer named; a town an act moves to is", async () => {
    const source = { db: server.database.db, cache: server.readCache };
    const [mostCarried] = await rowsOf<{ name: string }>(
      server.database.db.execute(
        sql`select t.name from act_tags x join tags t on t.id = x.tag_id where t.type = 'Event Type' group by t.name order by count(*) desc limit 1`,
      ),
    );
    const { tag, place, key } = await listing(mostCarried!.name, "dallas-tx");
    const before = await nearbyCitiesWithCategory(source, tag, place);
    expect(before.length).toBeGreaterThan(0);
    const city = before[0]!;
    // Every act based in the nearest city goes inactive: its search rows are no longer visible.
    await server.database.db.execute(
      sql`update acts set active = false where place_id = (select id from places where slug = ${city.slug})`,
    );
    // A write made here, not through the API, is heard by its notice at commit; on a PostgreSQL
    // server that notice reaches the kept read a moment after the statement returns.
    await eventually(
      async () => !(await nearbyCitiesWithCategory(source, tag, place)).some((item) => item.slug === city.slug),
    );
    const after = await nearbyCitiesWithCategory(source, tag, place);
    expect(after).toEqual(await joinedActByAct(key, place));
    // An act with the tag moves to a town near Dallas that was home to no act: the town is named first.
    const [town] = await rowsOf<{ id: number; slug: string }>(
      server.database.db.execute(sql`select p.id, p.slug from places p, places d where d.id = ${place.id} and p.id <> d.id
        and abs(p.lat - d.lat) < 0.3 and abs(p.lng - d.lng) < 0.3 and not exists (select from acts a where a.place_id = p.id)
        order by abs(p.lat - d.lat) + abs(p.lng - d.lng) limit 1`),
    );
    await server.database.db.execute(sql`update acts set place_id = ${town!.id} where id = (select s.act_id from act_search s
      where s.visible and s.facets && ARRAY[${key}]::text[] order by s.act_id limit 1)`);
    await eventually(async () => (await nearbyCitiesWithCategory(source, tag, place))[0]?.slug === town!.slug);
    const moved = await nearbyCitiesWithCategory(source, tag, place);
    expect(moved).toEqual(await joinedActByAct(key, place));
  });
});
