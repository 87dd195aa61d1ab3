import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  LIST_KEYS,
  LISTING_QUERY_KEYS,
  SEARCH_QUERY_KEYS,
  listingAddress,
  parseSearchFilter,
  serializeSearchFilter,
  FILTER_KINDS,
  actSearchFilterSchema,
  narrowsOnlyBy,
} from "./search-filter";

describe("act search filter", () => {
  it("round-trips through the query string", () => {
    const filter = parseSearchFilter(
      serializeSearchFilter({
        page: 2,
        searchTerms: "soul band",
        genres: undefined,
        styles: ["Motown", "Funk"],
        radius: 50,
        location_lat: 41.88,
        location_lng: -87.63,
      } as never),
    );
    expect(filter).toMatchObject({
      page: 2,
      searchTerms: "soul band",
      styles: ["Motown", "Funk"],
      radius: 50,
      location_lat: 41.88,
      location_lng: -87.63,
    });
  });

  it("keeps any list of values intact (an empty value is no value, as a GET form sends it)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 20 }), { maxLength: 10 }), (eventTypes) => {
        expect(parseSearchFilter(serializeSearchFilter({ eventTypes })).eventTypes).toEqual(eventTypes);
      }),
    );
    expect(parseSearchFilter("eventTypes[]=&eventTypes[]=Wedding&date=&sort=").eventTypes).toEqual(["Wedding"]);
    const blank = parseSearchFilter("date=&sort=");
    expect([blank.date, blank.sort]).toEqual([undefined, undefined]);
  });
});

describe("the search page's query keys", () => {
  it("are every key a full filter is written with, and nothing else", () => {
    const lists = LIST_KEYS.map((key) => `${key}[]=x`).join("&");
    const full = parseSearchFilter(
      `status=approved&page=2&perPage=30&searchTerms=jazz&${lists}&location=Austin%2C%20TX&radius=50` +
        "&location_lat=30.2&location_lng=-97.7&date=2030-01-01&budget=900&sort=rating&instant=1&bounds=30,-98,31,-97",
    );
    const written = [...new Set(new URLSearchParams(serializeSearchFilter(full)).keys())].sort();
    expect(written).toEqual([...SEARCH_QUERY_KEYS].sort());
  });

  it("a listing's address reads its page, budget and date by the search's rules, and drops junk", () => {
    expect([...LISTING_QUERY_KEYS].sort()).toEqual(["budget", "date", "page"]);
    for (const key of LISTING_QUERY_KEYS) expect(SEARCH_QUERY_KEYS).toContain(key);
    expect(listingAddress(new URLSearchParams("page=3&budget=2000&date=2031-06-14&utm_source=x"))).toEqual({
      page: 3,
      budget: 2000,
      date: "2031-06-14",
    });
    expect(listingAddress(new URLSearchParams("page=abc&budget=12.5&date=2031-02-30"))).toEqual({
      page: 1,
      budget: undefined,
      date: undefined,
    });
  });
});

describe("what each key of the filter narrows, declared once", () => {
  it("names a kind for every key the schema takes, and the lists are the lists", () => {
    expect(Object.keys(FILTER_KINDS).sort()).toEqual(Object.keys(actSearchFilterSchema.shape).sort());
    expect(LIST_KEYS.every((key) => FILTER_KINDS[key] === "list")).toBe(true);
  });

  it("says a filter narrowed by a range or a day is not narrowed by lists alone, so no kept count ignores it", () => {
    const lists = parseSearchFilter("styles[]=Jazz&eventTypes[]=Wedding&page=2&sort=rating");
    expect(narrowsOnlyBy(lists, ["list"])).toBe(true);
    expect(narrowsOnlyBy(parseSearchFilter("styles[]=Jazz&budget=2000"), ["list"])).toBe(false);
    expect(narrowsOnlyBy(parseSearchFilter("styles[]=Jazz&date=2027-06-12"), ["list"])).toBe(false);
    expect(narrowsOnlyBy(parseSearchFilter("styles[]=Jazz&date=2027-06-12"), ["list", "day"])).toBe(true);
    expect(narrowsOnlyBy(parseSearchFilter("searchTerms=soul"), ["list", "day"])).toBe(false);
    expect(narrowsOnlyBy(parseSearchFilter("location=Austin%2C%20TX"), ["list"])).toBe(false);
    expect(narrowsOnlyBy(parseSearchFilter(""), [])).toBe(true);
  });
});
