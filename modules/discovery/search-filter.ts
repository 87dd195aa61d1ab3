import { MESSAGES } from "#domain/messages";
import { BOUNDS_MESSAGE, parseBounds } from "./map-bounds";
import { z } from "zod";
import { MAX_BUDGET_DOLLARS } from "#domain/prices";
import { calendarDate, text } from "#domain/schemas/fields";
import { TAG_TYPE_NAMES } from "#domain/tags";
import { ACT_FACTS, ACT_FACT_KEYS, type ActFactKey } from "#modules/acts/act-facts";

/** The lists of the act search filter that its tags answer. */
export const TAG_LIST_KEYS = ["actTypes", "styles", "bandSetups", "songTypes", "eventTypes", "occasions"] as const;

/**
 * The act search filter's lists (every key search and listing pages take is below), and its
 * query-string form: the tags' lists, one per fact an act's artist chooses (modules/acts/act-facts.ts),
 * and the extras.
 */
export type ListKey = (typeof TAG_LIST_KEYS)[number] | ActFactKey | "extras";
export const LIST_KEYS: readonly ListKey[] = [...TAG_LIST_KEYS, ...ACT_FACT_KEYS, "extras"];

/** What "extras" filters on: facts about an act beyond its tags. */
export const EXTRAS = [
  "Featured",
  "Nationally Recognized",
  "Corporate Experience",
  "Has Videos",
  "Has Reviews",
] as const;
export type Extra = (typeof EXTRAS)[number];

export const SORTS = ["relevance", "recommended", "rating", "reviews", "newest", "price", "distance"] as const;
export type SearchSort = (typeof SORTS)[number];

export const DEFAULT_RADIUS_MILES = 50;

/**
 * Up to this many matching acts, facet counts are exact; past it they are estimated from one
 * act in eight (decision 30): counting every tag of 50,000 matches cost more than the whole
 * search may take at a million acts, and reading the tags of 10,000 acts spread through the
 * table still took 60 ms (a city and a date, decision 43).
 */
export const FACETS_EXACT_UP_TO = 2_500;
/**
 * Up to about this many matching acts (by the same slice's count) the total is exact; past it,
 * it is that count scaled (meta.totalEstimated, shown as "About"): counting matches reads each
 * of them, scattered through the table, about 6 microseconds a match at a million acts, so that
 * 10,000 matches of two words took 118 ms to count and 17,000 of a word, a list and a date 136
 * (decision 57; 20,000 until then, decision 43).
 */
export const TOTAL_EXACT_UP_TO = 5_000;
/**
 * Up to this many matches, a keyword search sorted by relevance ranks every match by how well
 * its words match (ts_rank); past it, every match counts as relevant, those with the words as
 * typed before those found by a typo alternative, and the acts that answer best come first
 * (featured, response rate and time, rating): the page is then walked to along that order with
 * the words as a filter, where ranking 300,000 matches of one common word took half a second at
 * a million acts (decision 57).
 */
export const RANKED_UP_TO = 5_000;
/**
 * Past this many matches by the sparse slice (one act in 64), its counts are scaled instead of the
 * one in eight's: at hundreds of thousands of matches, one in eight was still tens of thousands
 * of rows to read and count (decision 30, addendum); from 32,000, 500 counted put a total within
 * about 5 per cent, where one in eight read 4,000 acts around Chinatown, CA, in 36 ms.
 */
export const SPARSE_SAMPLE_FROM = 32_000;
export const MAX_RADIUS_MILES = 500;
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 50;

const list = z.array(text().max(100)).max(50).default([]);
const factLists = Object.fromEntries(ACT_FACT_KEYS.map((key) => [key, list])) as Record<ActFactKey, typeof list>;

export const actSearchFilterSchema = z.object({
  status: z.enum(["approved", "pending", "declined", "draft"]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
  searchTerms: text().trim().max(200).default(""),
  actTypes: list,
  styles: list,
  bandSetups: list,
  songTypes: list,
  eventTypes: list,
  occasions: list,
  ...factLists,
  extras: list,
  /** A place label ("Austin, TX"); location_lat/location_lng win when both are given. */
  location: text().trim().max(120).optional(),
  radius: z.coerce.number().positive().max(MAX_RADIUS_MILES).optional(),
  location_lat: z.coerce.number().min(-90).max(90).optional(),
  location_lng: z.coerce.number().min(-180).max(180).optional(),
  /** Only acts free that day (YYYY-MM-DD): not booked, blocked or busy (modules/availability/availability.ts). */
  date: calendarDate().optional(),
  /** Whole dollars: only acts whose "from" price is at most this (acts with no price are left out). */
  budget: z.coerce
    .number({ error: MESSAGES.budgetWholeDollars })
    .int(MESSAGES.budgetWholeDollars)
    .min(0, MESSAGES.budgetWholeDollars)
    .max(MAX_BUDGET_DOLLARS, MESSAGES.budgetTooHigh)
    .optional(),
  sort: z.enum(SORTS).optional(),
  /** "1": only acts with an offering bookable at once. */
  instant: z.enum(["1"], { error: MESSAGES.instantFilter }).optional(),
  /** The map's area, "south,west,north,east" in degrees: only acts based inside it. */
  bounds: text({ error: BOUNDS_MESSAGE })
    .trim()
    .refine((value) => value === "" || (value.length <= 100 && parseBounds(value) !== null), BOUNDS_MESSAGE)
    .optional(),
});
export type ActSearchFilter = z.infer<typeof actSearchFilterSchema>;

/**
 * What each key of the filter does, declared once: a list of values (each a facet of the act's
 * search row), the words, the place (a circle), a day the act must be free, a range (a bound on
 * a number of the act's), a condition (a fact of the act's, such as an instant offering), or no narrowing at all (paging, order, an admin's status). The search's
 * fast paths (kept counts of a browse, of one value, of a pair) hold only for filters narrowed by
 * the kinds they know, and ask this (`narrowsOnlyBy`): a key added to the schema does not compile
 * until it says its kind, and a new range is never ignored by a kept count.
 */
export type FilterKind = "list" | "words" | "place" | "day" | "range" | "condition" | "none";
export const FILTER_KINDS: Record<keyof ActSearchFilter, FilterKind> = {
  status: "none",
  page: "none",
  perPage: "none",
  sort: "none",
  searchTerms: "words",
  ...(Object.fromEntries([...TAG_LIST_KEYS, ...ACT_FACT_KEYS, "extras"].map((key) => [key, "list"])) as Record<
    ListKey,
    "list"
  >),
  location: "place",
  radius: "place",
  location_lat: "place",
  location_lng: "place",
  date: "day",
  budget: "range",
  instant: "condition",
  bounds: "condition",
};

/** Whether a key's value narrows the search: a list with values, words, any other value given. */
function isSet(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== "";
}

/** Whether every key that narrows this filter is of one of these kinds (a filter narrowed by nothing is too). */
export function narrowsOnlyBy(filter: ActSearchFilter, kinds: readonly FilterKind[]): boolean {
  return (Object.keys(FILTER_KINDS) as (keyof ActSearchFilter)[]).every(
    (key) => FILTER_KINDS[key] === "none" || kinds.includes(FILTER_KINDS[key]) || !isSet(filter[key]),
  );
}

/** The sort a filter asks for, or its default: relevance with keywords, else recommended. */
export function effectiveSort(filter: Pick<ActSearchFilter, "sort" | "searchTerms">, hasLocation: boolean): SearchSort {
  const sort = filter.sort ?? (filter.searchTerms ? "relevance" : "recommended");
  if (sort === "distance" && !hasLocation) return "recommended";
  if (sort === "relevance" && !filter.searchTerms) return "recommended";
  return sort;
}

/**
 * Every query-string key the search reads, from the filter's schema (a list as `key[]`): the page
 * is cached and linked by these alone, so a field added to the schema is a key of the page.
 */
export const SEARCH_QUERY_KEYS: readonly string[] = Object.keys(actSearchFilterSchema.shape).map((key) =>
  (LIST_KEYS as readonly string[]).includes(key) ? `${key}[]` : key,
);

/** Radii offered by the search form, in miles. */
export const RADIUS_CHOICES = [10, 25, 50, 100, 250] as const;

/** The variety and speaker types together: what a non-musical act is, in the artist's dialog and the search. */
export const ACT_TYPES_NAME = "Variety and Speaker Types";

/**
 * What each list is called, in the tag types' own names (domain/tags.ts). Occasions hold the
 * event types and styles the genres, so they share those lists' names, and the search form
 * shows neither twice (FORM_LIST_KEYS).
 */
export const LIST_LABELS: Record<ListKey, string> = {
  actTypes: ACT_TYPES_NAME,
  styles: TAG_TYPE_NAMES.Genre.many,
  bandSetups: TAG_TYPE_NAMES["Band Setup"].many,
  songTypes: TAG_TYPE_NAMES["Song Type"].many,
  eventTypes: TAG_TYPE_NAMES["Event Type"].many,
  occasions: TAG_TYPE_NAMES["Event Type"].many,
  ...(Object.fromEntries(ACT_FACTS.map((fact) => [fact.key, fact.label])) as Record<ActFactKey, string>),
  extras: "Extras",
};

/**
 * The lists the search form offers: occasions are the event types again, so the form offers
 * event types once (an address with occasions still searches by them). Type of act offers the
 * variety and speaker types; the group sizes it also matches have their own list.
 */
export const FORM_LIST_KEYS = LIST_KEYS.filter((key) => key !== "occasions");

/**
 * The orders the search form offers besides its default, "Best match" (the words' relevance when
 * words were typed, else featured and then rating): relevance and recommended are that default,
 * so the form does not offer them again under other names.
 */
export const FORM_SORTS = SORTS.filter((sort) => sort !== "relevance" && sort !== "recommended");
export const DEFAULT_SORT_LABEL = "Best match";

export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: "Best match",
  recommended: "Recommended",
  rating: "Highest rated",
  reviews: "Most reviews",
  newest: "Newest",
  price: "Lowest price",
  distance: "Nearest",
};

export function serializeSearchFilter(filter: Partial<ActSearchFilter>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === "") continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, item);
    else params.set(key, String(value));
  }
  return params.toString();
}

/**
 * The query string as the schema's input: `key[]` repeated for lists, one value otherwise.
 * An empty value is no value (a GET form sends its empty fields as `key=`).
 */
export function rawSearchFilter(query: string | URLSearchParams): Record<string, unknown> {
  const params = typeof query === "string" ? new URLSearchParams(query) : query;
  const raw: Record<string, unknown> = {};
  for (const key of LIST_KEYS) raw[key] = params.getAll(`${key}[]`).filter((value) => value !== "");
  for (const [key, value] of params) if (!key.endsWith("[]") && value !== "") raw[key] = value;
  return raw;
}

/**
 * How many filters a search has on (each ticked value, a date, a budget), as the form's
 * "Filters" button says; from the query's raw form, so that a search with errors counts too.
 */
export function activeFilterCount(raw: Record<string, unknown>): number {
  let count = 0;
  for (const key of LIST_KEYS) count += Array.isArray(raw[key]) ? raw[key].length : 0;
  for (const key of ["date", "budget", "instant", "bounds"])
    if (typeof raw[key] === "string" && raw[key] !== "") count += 1;
  return count;
}

/**
 * What a listing's address (/hire/{category}/{city}) may narrow, with the search's own rules: its
 * page, a budget (`?budget=2000`) and a day the acts must be free. A value that is junk is as if
 * absent, so an old or mistyped link still shows the listing.
 */
const listingAddressShape = {
  page: actSearchFilterSchema.shape.page,
  budget: actSearchFilterSchema.shape.budget,
  date: actSearchFilterSchema.shape.date,
};

/** The query keys a listing page reads: its cache key and its links are made of these alone. */
export const LISTING_QUERY_KEYS = Object.keys(listingAddressShape) as readonly (keyof typeof listingAddressShape)[];

export interface ListingAddress {
  page: number;
  budget: number | undefined;
  date: string | undefined;
}

/** A listing address's page, budget and date, each dropped to its default when junk. */
export function listingAddress(params: URLSearchParams): ListingAddress {
  const read = <T>(schema: z.ZodType<T>, key: string) => {
    const parsed = schema.safeParse(params.get(key) || undefined);
    return parsed.success ? parsed.data : undefined;
  };
  return {
    page: read(listingAddressShape.page, "page") ?? 1,
    budget: read(listingAddressShape.budget, "budget"),
    date: read(listingAddressShape.date, "date"),
  };
}

export function parseSearchFilter(query: string | URLSearchParams): ActSearchFilter {
  return actSearchFilterSchema.parse(rawSearchFilter(query));
}
