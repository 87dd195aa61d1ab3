import { sql } from "drizzle-orm";
import type { Database, Transaction } from "./client";

const ADJECTIVES = [
  "Velvet",
  "Golden",
  "Electric",
  "Midnight",
  "Silver",
  "Blue",
  "Crimson",
  "Sunset",
  "Urban",
  "Royal",
  "Lucky",
  "Wild",
  "Smooth",
  "Neon",
  "Rhythm",
  "Harbor",
  "Starlight",
  "Copper",
  "Vintage",
  "Brass",
];
const NOUNS = [
  "Tones",
  "Groove",
  "Collective",
  "Express",
  "Orchestra",
  "Soundsystem",
  "Quartet",
  "Trio",
  "Revue",
  "Band",
  "Ensemble",
  "Experience",
  "Project",
  "Players",
  "Kings",
  "Notes",
  "Beats",
  "Society",
  "Allstars",
  "Hour",
];
const HEADLINES = [
  "High-energy party band for weddings and galas",
  "Smooth jazz for cocktail hours and dinners",
  "Open-format DJ who reads the room",
  "Keynote speaker on leadership and change",
  "Close-up magic that keeps guests talking",
  "Soul and Motown classics, live",
  "Latin rhythms that fill the dance floor",
  "Acoustic sets for ceremonies",
  "Big band swing with a vocalist",
  "Comedy that works for any crowd",
];

const array = (values: string[]) =>
  sql.raw(`ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]`);

/**
 * Adds `count` generated, approved acts for measuring search at scale (npm run seed -- --acts N):
 * made by set-based SQL in a few statements, deterministic (numbers, not randomness), spread over
 * the 400 largest places, each with tags, most with priced offerings, some with reviews and bookings. Search documents are
 * built once at the end, with the per-row triggers off while the rows go in.
 */
export async function addBulkActs(db: Database, count: number, options: { firstNumber?: number } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    await withRowTriggersOff(
      tx,
      ["acts", "act_tags", "packages", "reviews", "act_blocks", "calendar_busy_days"],
      async () => {
        await insertBulkRows(tx, count, options.firstNumber ?? 1);
      },
    );
  });
  // The planner's statistics, which a load this size makes stale at once.
  await db.execute(sql`analyze`);
}

/**
 * Runs `load` with the tables' row triggers off (search rows, page-change notices), for loads
 * that build the search rows once at the end instead (refreshSearchRows).
 */
export async function withRowTriggersOff(tx: Transaction, tables: string[], load: () => Promise<void>): Promise<void> {
  for (const table of tables) await tx.execute(sql.raw(`ALTER TABLE "${table}" DISABLE TRIGGER USER`));
  await load();
  for (const table of tables) await tx.execute(sql.raw(`ALTER TABLE "${table}" ENABLE TRIGGER USER`));
}

/** Builds the search rows of the acts from id `first` on, then counts the browse facets, and their pairs, afresh. */
export async function refreshSearchRows(tx: Transaction, first: number): Promise<void> {
  // Counting facets row by row would update the same few counters once per act in one
  // transaction; they are counted once, afterwards, instead.
  await tx.execute(sql.raw(`ALTER TABLE "act_search" DISABLE TRIGGER USER`));
  await tx.execute(sql`select refresh_act_search(id) from acts where id >= ${first}`);
  await tx.execute(sql.raw(`ALTER TABLE "act_search" ENABLE TRIGGER USER`));
  await tx.execute(sql`delete from facet_count_changes`);
  await tx.execute(
    sql`insert into facet_count_changes (key, delta) select k, count(*)::int from act_search, unnest(facets || '_visible'::text) k where visible group by k`,
  );
  await tx.execute(sql`delete from facet_pair_count_changes`);
  await tx.execute(
    sql`insert into facet_pair_count_changes (key, other, delta) select k, o, count(*)::int from act_search, unnest(facets) k, unnest(facets) o where visible and k <> o group by k, o`,
  );
}

/**
 * The acts numbered firstNumber to firstNumber + count - 1 (their urls are bulk-act-<number>).
 * Products of a number are taken in bigint: at a million acts, number x 7919 passes int4's range.
 * An act's place and its reviews' ratings come from a hash of its number, not from its remainders,
 * which tied them to each other and to its tags (a rating from the number mod 5 and a place from
 * it mod 400: the best rated acts lived in a fifth of the places, and a search near the others
 * walked past them all).
 */
async function insertBulkRows(tx: Transaction, count: number, firstNumber: number): Promise<void> {
  const [start] = (
    (await tx.execute(sql`select coalesce(max(id), 0)::int as id from acts`)) as unknown as { rows: { id: number }[] }
  ).rows;
  const first = (start?.id ?? 0) + 1;
  await tx.execute(sql`
    with top as (select id, label, row_number() over (order by population desc) as n from places order by population desc limit 400)
    insert into acts (url, name, headline, description, location, place_id, active, application_complete, musical, is_featured, nationally_recognized, created_at)
    select 'bulk-act-' || g,
      (${array(ADJECTIVES)})[1 + g % 20] || ' ' || (${array(NOUNS)})[1 + (g / 20) % 20] || ' ' || g,
      (${array(HEADLINES)})[1 + g % 10],
      'Act number ' || g || '. ' || (${array(HEADLINES)})[1 + (g / 10) % 10] || '.',
      top.label, top.id, true, true, g % 5 <> 0, g % 97 = 0, g % 211 = 0,
      now() - make_interval(days => g % 900)
    from generate_series(${firstNumber}::int, ${firstNumber + count - 1}::int) g join top on top.n = 1 + (hashint4(g) & 2147483647) % 400
    order by g`);
  await tx.execute(sql`
    insert into act_tags (act_id, relation, tag_id)
    select a.id, r.relation, t.id
    from acts a
    cross join lateral (values ('genres', 'Genre', 0), ('genres', 'Genre', 7), ('eventTypes', 'Event Type', 0), ('bandSetups', 'Band Setup', 0)) r(relation, type, shift)
    join lateral (select id from tags where type = r.type order by id offset ((a.id + r.shift) % greatest(1, (select count(*) from tags where type = r.type))) limit 1) t on true
    where a.id >= ${first}
    on conflict do nothing`);
  // Nine acts in ten offer a set priced from $200 to $9,900 (a third also a longer one, dearer),
  // so that a budget and the sort by price choose among most of them.
  await tx.execute(sql`
    insert into packages (act_id, title, description, rank, price_from_cents, price_to_cents)
    select a.id, o.title, 'Generated offering.', o.rank, p.cents, p.cents * 2
    from acts a
    cross join (values (1, 'Standard set'), (2, 'Full evening')) o(rank, title)
    cross join lateral (select ((200 + (a.id::bigint * 7919) % 98 * 100) * 100 * o.rank)::int as cents) p
    where a.id >= ${first} and a.id % 10 <> 0 and (o.rank = 1 or a.id % 3 = 0)`);
  await tx.execute(sql`
    insert into reviews (act_id, rating, title, body, reviewer_name)
    select a.id, 1 + (hashint4(a.id * 4 + k) & 2147483647) % 5, 'Review ' || k, 'Generated review.', 'Guest ' || k
    from acts a cross join generate_series(1, 3) k where a.id >= ${first} and a.id % 3 = 0`);
  await insertBulkAvailability(tx, first);
  await refreshSearchRows(tx, first);
}

/**
 * Days the generated acts are not free (issue 31), so a search with a date measures all three
 * sources: a quarter of the acts block three days somewhere in the next 400, and a fifth
 * subscribe to a calendar (never read: its next read is far off) with ten busy days.
 */
async function insertBulkAvailability(tx: Transaction, first: number): Promise<void> {
  // The acts' own trigger, which makes each its feed's secret, is off during the load.
  await tx.execute(
    sql`insert into act_calendar_feeds (act_id) select id from acts where id >= ${first} on conflict do nothing`,
  );
  await tx.execute(sql`
    insert into act_blocks (act_id, starts_on, ends_on, note)
    select a.id, current_date + (a.id % 400), current_date + (a.id % 400) + 2, 'Generated block'
    from acts a where a.id >= ${first} and a.id % 4 = 0`);
  await tx.execute(sql`
    insert into calendar_subscriptions (act_id, url, last_read_at, next_read_at)
    select a.id, 'https://calendar.example/bulk-' || a.id || '.ics', now(), now() + interval '100 years'
    from acts a where a.id >= ${first} and a.id % 5 = 0`);
  await tx.execute(sql`
    insert into calendar_busy_days (subscription_id, act_id, day, summary)
    select c.id, c.act_id, current_date + ((c.act_id::bigint * 7 + k * 37) % 400)::int, 'Generated event'
    from calendar_subscriptions c cross join generate_series(0, 9) k
    where c.act_id >= ${first} and c.url like 'https://calendar.example/bulk-%'
    on conflict do nothing`);
}
