import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSearchFilter, serializeSearchFilter } from "./search-filter";

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
