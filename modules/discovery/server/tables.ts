// Discovery's tables: what this module stores. The platform's database gets them at start (start/schema.ts, and
// drizzle.config.ts for migrations); other modules' queries read them through this entry.
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  customType,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { createdAt } from "#server/db/columns";
import { users } from "#modules/accounts/server/tables";
import { acts } from "#modules/acts/server/tables";

// ---- search (modules/discovery/server/search/): kept by triggers, never written by the app ----

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A sample slice's partial indexes (visible acts whose id hashes to 0 under `mask`): words and
 * lists, price and place. The search writes the predicate literally alike, so that the planner
 * uses them. Words and lists are one index (migration 0073): the planner never joins two partial
 * indexes of the same slice, since their predicates are the same clauses, so a slice's words and
 * a list were read through one and tested on every row it found (decision 63).
 */
function sliceIndexes(
  t: Record<"visible" | "actId" | "document" | "facets" | "priceFromCents" | "placeId", AnyPgColumn>,
  name: "sample" | "sparse",
  mask: 7 | 63,
) {
  const inSlice = sql`${t.visible} and hashint4(${t.actId}) & ${sql.raw(String(mask))} = 0`;
  return [
    index(`act_search_${name}_words_facets_idx`).using("gin", t.document, t.facets).where(inSlice),
    // Migration 0075 builds it with INCLUDE (facets), which drizzle's index builder cannot say:
    // a budget's sample then counts its keys from the index alone.
    index(`act_search_${name}_price_idx`).on(t.priceFromCents).where(inSlice),
    index(`act_search_${name}_place_idx`).on(t.placeId).where(inSlice),
  ];
}

/** Each act's weighted search document and rating summary, refreshed by triggers on every write. */
export const actSearch = pgTable(
  "act_search",
  {
    actId: integer("act_id")
      .primaryKey()
      .references(() => acts.id, { onDelete: "cascade" }),
    document: tsvector("document").notNull(),
    ratingAvg: doublePrecision("rating_avg"),
    reviewCount: integer("review_count").notNull().default(0),
    /** Approved and not internal use only: what guests, planners and artists may find. */
    visible: boolean("visible").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    name: text("name").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The lowest starting price of the act's live offerings, in US cents: budget and sort=price. */
    priceFromCents: integer("price_from_cents"),
    /** "<list>:<value>" for every filter value the act has (modules/discovery/server/search/conditions.ts). */
    facets: text("facets").array().notNull().default(sql`'{}'::text[]`),
    /**
     * The act's response facts (modules/conversations/conversations.ts RESPONSE_FACTS), null until enough
     * conversations were started: written by modules/conversations/server/response-facts.ts, not by the
     * search row's rebuild, for cards, profiles and the order of equally relevant acts.
     */
    responseRate: smallint("response_rate"),
    responseHours: real("response_hours"),
    /**
     * Where the act is based (acts.place_id): a search by place finds it, and puts it first, when this
     * is in the circle (the places it also plays are read from act_locations, by theirs).
     */
    placeId: integer("place_id"),
  },
  (t) => [
    index("act_search_document_idx").using("gin", t.document),
    // Words, lists and places in one index (migration 0074, btree_gin for the place): the index
    // meets a word's acts with a tag's or a circle's places itself, skipping through the longer
    // postings, where two indexes each read every act of their own before the two were met
    // ("close" within 25 miles of Elgin, IL, at a million acts: 192,000 acts read for 1,450).
    // Beside the words' and the lists' own: the planner costs a GIN index by its size, and took
    // this one alone for a common word at 100,000 acts on the embedded database as dearer than
    // reading every row.
    index("act_search_words_lists_places_idx").using("gin", t.document, t.facets, t.placeId),
    // A circle's acts, by the places in it (modules/discovery/server/search/conditions.ts).
    index("act_search_place_idx").on(t.placeId),
    // The same for the public, with every column a page's order or a count reads of a visible act:
    // a circle's acts are then counted and sorted from this index alone, not fetched one by one
    // from rows spread across the table (20,000 acts at a million: 34 ms read, 6 ms from here).
    index("act_search_visible_place_idx")
      .on(
        t.placeId,
        t.actId,
        t.visible,
        t.featured,
        t.ratingAvg,
        t.reviewCount,
        t.createdAt,
        t.priceFromCents,
        t.responseRate,
        t.responseHours,
        t.name,
      )
      .where(sql`${t.visible}`),
    index("act_search_facets_idx").using("gin", t.facets),
    // The slices whose keys estimate facet counts (search-acts.ts): one act in eight past
    // FACETS_EXACT_UP_TO matches, one in 64 past 32,000. Read through these, a sample costs its
    // share of the matches, not all of them; the price ones serve a budget nothing else narrows
    // (it read the price index's whole range, 45,000 rows at a million acts for $600, and filtered).
    ...sliceIndexes(t, "sample", 7),
    ...sliceIndexes(t, "sparse", 63),
    index("act_search_recommended_idx").on(
      t.visible,
      sql`${t.featured} desc`,
      sql`${t.ratingAvg} desc nulls last`,
      sql`${t.reviewCount} desc`,
      t.name,
      t.actId,
    ),
    index("act_search_rating_idx").on(
      t.visible,
      sql`${t.ratingAvg} desc nulls last`,
      sql`${t.reviewCount} desc`,
      t.actId,
    ),
    index("act_search_reviews_idx").on(
      t.visible,
      sql`${t.reviewCount} desc`,
      sql`${t.ratingAvg} desc nulls last`,
      t.actId,
    ),
    index("act_search_newest_idx").on(t.visible, sql`${t.createdAt} desc`, sql`${t.actId} desc`),
    // The acts with response facts: what the periodic sweep looks at besides recent conversations.
    index("act_search_responding_idx").on(t.actId).where(sql`${t.responseRate} is not null`),
    index("act_search_price_idx").on(t.visible, sql`${t.priceFromCents} asc nulls last`, t.actId),
    // A keyword search past RANKED_UP_TO matches walks this order with its words as a filter
    // (decision 57): the order of equally relevant acts.
    index("act_search_answering_idx").on(
      t.visible,
      sql`${t.featured} desc`,
      sql`${t.responseRate} desc nulls last`,
      sql`${t.responseHours} asc nulls last`,
      sql`${t.ratingAvg} desc nulls last`,
      t.actId,
    ),
  ],
);

/**
 * Changes to how many visible acts have each "<list>:<value>" key ("_visible": how many there
 * are), summed by key: a browse's facets without a scan. Writes only ever append rows, so a
 * write to one act never waits on, or deadlocks with, a write to another (issue 32); a
 * periodic compaction folds the rows into one per key (compact_facet_counts()).
 */
export const facetCountChanges = pgTable("facet_count_changes", {
  key: text("key").notNull(),
  delta: integer("delta").notNull(),
});

/**
 * Changes to how many visible acts have both of two "<list>:<value>" keys (each pair twice, once
 * from each side), appended and compacted as facet_count_changes are: the counts of a list's
 * values among the acts with one chosen value, a planner's second tick, without a scan.
 */
export const facetPairCountChanges = pgTable(
  "facet_pair_count_changes",
  {
    key: text("key").notNull(),
    other: text("other").notNull(),
    delta: integer("delta").notNull(),
  },
  (t) => [index("facet_pair_count_changes_key_idx").on(t.key, t.other)],
);

/** Every word of every search document: where a misspelt word finds the word it meant. */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

/**
 * Every word any act's search document holds, as it holds it, in byte order (collation "C",
 * migration 0072): a typed word's prefix is a range of it, so a search asks the search index
 * for the few words it stands for rather than for every word it begins (decision 63). Kept by
 * refresh_act_search; never pruned, since a word no act holds any more only finds nothing.
 */
export const searchLexemes = pgTable("search_lexemes", { word: text("word").primaryKey() });

/** The acts a planner saved (a heart on cards and profiles), to compare and ask for quotes. */
export const shortlists = pgTable(
  "shortlists",
  {
    plannerId: text("planner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.plannerId, t.actId] }),
    index("shortlists_planner_idx").on(t.plannerId, t.createdAt),
  ],
);
