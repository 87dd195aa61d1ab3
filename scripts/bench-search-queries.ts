// What planners type, drawn from the catalogue itself: the words of acts' names and headlines,
// the tags, the places acts are in, and days ahead. Several kinds of query, a few dozen distinct
// ones of each, so that `npm run bench:search` times each once, as a planner would ask it, and
// nothing kept answers it. Seeded, so two runs ask the same queries.
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";

export interface GeneratedQuery {
  kind: string;
  query: string;
}

export interface Vocabulary {
  /** Words of acts' names and headlines, most common first ("jazz", "wedding", "band"). */
  words: string[];
  genres: string[];
  eventTypes: string[];
  bandSetups: string[];
  /** Where acts are ("Chicago, IL"). */
  places: string[];
}

/** The catalogue's own words, tags and places, read from a sample of its acts. */
export async function catalogueVocabulary(db: Database): Promise<Vocabulary> {
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const words = await rows<{ word: string }>(sql`
    select word from (
      select lower(regexp_split_to_table(name || ' ' || coalesce(headline, ''), '[^[:alpha:]]+')) as word
      from acts where id % 53 = 0 and active limit 20000
    ) w where length(word) > 3 group by word order by count(*) desc, word limit 120`);
  const tags = await rows<{ name: string; type: string }>(sql`select name, type from tags order by name`);
  const places = await rows<{ label: string }>(sql`
    select p.label from acts a join places p on p.id = a.place_id where a.id % 29 = 0
    group by p.label order by count(*) desc, p.label limit 80`);
  const ofType = (type: string) => tags.filter((tag) => tag.type === type).map((tag) => tag.name);
  return {
    words: words.map((row) => row.word),
    genres: ofType("Genre"),
    eventTypes: ofType("Event Type"),
    bandSetups: ofType("Band Setup"),
    places: places.map((row) => row.label),
  };
}

/** A small seeded generator (mulberry32): the same queries on every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    /** Common words more often than rare ones, as people type them. */
    pick: <T>(items: readonly T[], skew = 1): T => items[Math.floor(next() ** skew * items.length)]!,
    between: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)),
  };
}

/** One letter of the word swapped for its neighbour on the keyboard's row, as a hurried planner types it. */
function typo(word: string, at: number): string {
  const i = 1 + (at % Math.max(1, word.length - 2));
  const letters = "qwertyuiopasdfghjklzxcvbnm";
  const next = letters[(letters.indexOf(word[i]!) + 1) % letters.length] ?? "e";
  return word.slice(0, i) + next + word.slice(i + 1);
}

/** `perKind` distinct queries of each kind, over days from a week to a year ahead, shuffled. */
export function generatedQueries(vocabulary: Vocabulary, perKind: number, seed = 41): GeneratedQuery[] {
  const random = seeded(seed);
  const { words, genres, eventTypes, bandSetups, places } = vocabulary;
  const day = () => new Date(Date.now() + random.between(7, 365) * 86_400_000).toISOString().slice(0, 10);
  const word = () => random.pick(words, 2);
  const place = () => encodeURIComponent(random.pick(places, 2));
  const kinds: [string, () => string][] = [
    ["one word", () => `searchTerms=${word()}`],
    ["two words", () => `searchTerms=${word()}%20${word()}`],
    ["a typo in one of two words", () => `searchTerms=${word()}%20${typo(word(), random.between(0, 9))}`],
    ["a word, a city in 25 miles, by rating", () => `searchTerms=${word()}&location=${place()}&radius=25&sort=rating`],
    ["a city and a date", () => `location=${place()}&radius=50&date=${day()}`],
    [
      "an event type, a word and a date",
      () => `eventTypes[]=${encodeURIComponent(random.pick(eventTypes))}&searchTerms=${word()}&date=${day()}`,
    ],
    [
      "tags and a date",
      () =>
        `styles[]=${encodeURIComponent(random.pick(genres))}&bandSetups[]=${encodeURIComponent(random.pick(bandSetups))}&date=${day()}`,
    ],
    ["a date alone", () => `date=${day()}`],
    ["a budget, by price", () => `budget=${random.between(3, 80) * 100}&sort=price`],
    ["a deep page", () => `page=${random.between(10, 500)}`],
  ];
  const queries: GeneratedQuery[] = [];
  for (const [kind, make] of kinds) {
    const seen = new Set<string>();
    for (let tries = 0; seen.size < perKind && tries < perKind * 20; tries++) seen.add(make());
    for (const query of seen) queries.push({ kind, query });
  }
  // Asked in a shuffled order, so no kind runs only on a database warmed by its own kind.
  for (let i = queries.length - 1; i > 0; i--) {
    const j = random.between(0, i);
    [queries[i], queries[j]] = [queries[j]!, queries[i]!];
  }
  return queries;
}
