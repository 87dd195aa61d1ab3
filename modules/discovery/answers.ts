import { z } from "zod";
import { travelCentsAnswer } from "#modules/acts/travel";
import { takesSchema } from "#modules/acts/takes";
import { actStatusSchema } from "../acts/act-status";
import { actFactsSchema } from "../acts/act-facts";
import { responseFactsFields } from "../conversations/answers";
import {
  FACETS_EXACT_UP_TO,
  LIST_KEYS,
  RANKED_UP_TO,
  SORTS,
  SPARSE_SAMPLE_FROM,
  TOTAL_EXACT_UP_TO,
} from "./search-filter";

const mapPointSchema = z.object({ lat: z.number(), lng: z.number() });

export const actSearchResultSchema = z
  .object({
    url: z.string(),
    name: z.string(),
    headline: z.string().nullable(),
    avatar: z.string().nullable().describe("Served at /files/{avatar}"),
    location: z.string().nullable(),
    is_featured: z.union([z.literal(0), z.literal(1)]),
    nationallyRecognized: z.boolean(),
    rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
    price_from_cents: z
      .number()
      .int()
      .nullable()
      .describe("US cents: the lowest starting price of the act's offerings, null when none names one"),
    tags: z.array(z.string()).describe("The act's tag names"),
    kind: z
      .string()
      .nullable()
      .describe(
        "What kind of act it is: its first variety, speaker or band setup tag (a placeholder without a photo says it), or null",
      ),
    facts: actFactsSchema,
    instant: z.boolean().describe('Bookable at once: one of its offerings is instant ("Book instantly")'),
    takes: takesSchema.nullable().describe("What the act takes (its lead preferences); null when it has not said"),
    map: mapPointSchema
      .nullable()
      .describe(
        "Where the map pins the act: its base city's centre from the gazetteer (never an address); null without one",
      ),
    ...responseFactsFields,
    distance_miles: z
      .number()
      .nullable()
      .optional()
      .describe("Only when the search names a place: miles to the act's nearest location"),
    nearest_location: z
      .string()
      .nullable()
      .optional()
      .describe("Only when the search names a place: which of the act's locations is nearest"),
    travel_cents: travelCentsAnswer("Only when the search names a place"),
    status: actStatusSchema.optional().describe("Admins only"),
  })
  .meta({
    id: "ActSearchResult",
    description: "An act in the search results",
    example: {
      url: "the-velvet-tones",
      name: "The Velvet Tones",
      headline: "Chicago's Motown and soul party band",
      avatar: "avatars/f89ba839-3dc5-49fb-8c33-8105828c6d7f.png",
      location: "Chicago, IL",
      is_featured: 1,
      nationallyRecognized: false,
      rating: { average: 4.8, count: 12 },
      price_from_cents: 450000,
      tags: ["7+ Piece Band", "Funk", "Motown", "Soul"],
      kind: "7+ Piece Band",
      facts: { languages: ["English", "Spanish"] },
      instant: false,
      takes: null,
      map: { lat: 41.8781, lng: -87.6298 },
      response_rate: 92,
      response_time_hours: 2.5,
      distance_miles: 4.2,
      nearest_location: "Chicago, IL",
      travel_cents: 0,
    },
  });
export type ActSearchResult = z.infer<typeof actSearchResultSchema>;

const facetValues = z.array(z.object({ value: z.string(), count: z.number().int() }));

export const actSearchFacetsSchema = z
  .object(
    Object.fromEntries(LIST_KEYS.map((key) => [key, facetValues])) as Record<
      (typeof LIST_KEYS)[number],
      typeof facetValues
    >,
  )
  .meta({
    id: "ActSearchFacets",
    description: "Per filter list, each value with how many acts would match with it and the other filters",
    example: {
      // A list with no example of its own (an act's fact) is shown empty.
      ...Object.fromEntries(LIST_KEYS.map((key) => [key, []])),
      actTypes: [{ value: "7+ Piece Band", count: 3 }],
      styles: [{ value: "Soul", count: 2 }],
      bandSetups: [{ value: "7+ Piece Band", count: 3 }],
      songTypes: [{ value: "Cover Songs", count: 3 }],
      eventTypes: [{ value: "Wedding", count: 2 }],
      occasions: [{ value: "Wedding", count: 2 }],
      extras: [],
    },
  });

export const actSearchPageSchema = z
  .object({
    data: z.array(actSearchResultSchema),
    meta: z.object({
      page: z.number().int(),
      perPage: z.number().int(),
      total: z.number().int(),
      totalEstimated: z
        .boolean()
        .describe(
          `True when the search's sample (one act in eight, or in 64 past ${SPARSE_SAMPLE_FROM.toLocaleString("en-US")} matches) says more than ${TOTAL_EXACT_UP_TO.toLocaleString("en-US")} acts match: the total is then that sample's count scaled, and the last page may come out shorter or empty. With a date alone, true when more than ${FACETS_EXACT_UP_TO.toLocaleString("en-US")} acts are not free that day: every visible act less one in eight of those times eight`,
        ),
      sort: z
        .enum(SORTS)
        .describe(
          `The order applied: relevance by default with keywords, recommended without. Relevance ranks every match up to ${RANKED_UP_TO.toLocaleString("en-US")} matches; past it, the acts with the words as typed come first, then those found by a typo alternative, each the best answering first (featured, response rate and time, rating)`,
        ),
      facets: actSearchFacetsSchema,
      bounds: z
        .object({ south: z.number(), west: z.number(), north: z.number(), east: z.number() })
        .nullable()
        .describe("The box around this page's acts on the map (degrees); null when none has a place"),
      facetsEstimated: z
        .boolean()
        .describe(
          "True when more acts matched than facet counts are exact for (2,500): the counts are then estimates from one act in eight. With a date alone, when more than 2,500 acts are not free that day: every visible act's counts less one in eight of those times eight",
        ),
    }),
  })
  .meta({ id: "ActSearchPage", description: "A page of the search results, with the total and the facets" });
export type ActSearchPage = z.infer<typeof actSearchPageSchema>;
