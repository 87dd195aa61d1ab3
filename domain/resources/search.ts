import { z } from "zod";
import { actStatusSchema } from "../act-status";
import { LIST_KEYS, SORTS } from "../search-filter";

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
    tags: z.array(z.string()).describe("The act's tag names"),
    distance_miles: z.number().nullable().optional().describe("Only when the search names a place: miles to the act's nearest location"),
    nearest_location: z.string().nullable().optional().describe("Only when the search names a place: which of the act's locations is nearest"),
    status: actStatusSchema.optional().describe("Admins only"),
  })
  .meta({ id: "ActSearchResult", description: "An act in the search results" });
export type ActSearchResult = z.infer<typeof actSearchResultSchema>;

const facetValues = z.array(z.object({ value: z.string(), count: z.number().int() }));

export const actSearchFacetsSchema = z
  .object(Object.fromEntries(LIST_KEYS.map((key) => [key, facetValues])) as Record<(typeof LIST_KEYS)[number], typeof facetValues>)
  .meta({ id: "ActSearchFacets", description: "Per filter list, each value with how many acts would match with it and the other filters" });

export const actSearchPageSchema = z
  .object({
    data: z.array(actSearchResultSchema),
    meta: z.object({
      page: z.number().int(),
      perPage: z.number().int(),
      total: z.number().int(),
      sort: z.enum(SORTS).describe("The order applied: relevance by default with keywords, recommended without"),
      facets: actSearchFacetsSchema,
    }),
  })
  .meta({ id: "ActSearchPage", description: "A page of the search results, with the total and the facets" });
export type ActSearchPage = z.infer<typeof actSearchPageSchema>;
