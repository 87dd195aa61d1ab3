import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "#modules/acts/facts/languages";
import type { ActProfile } from "#modules/acts/act-profile";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const update = (as: Who, facts: unknown) => server.post("/api/acts/update/dj-nova", as, { name: "DJ Nova", facts });
const profile = async () => (await json<{ data: ActProfile }>(await server.request("/api/acts/dj-nova"))).data;

interface Found {
  data: { url: string; facts: { languages: string[] } }[];
  meta: { facets: { languages: { value: string; count: number }[] } };
}
const search = async (query: string) => json<Found>(await server.request(`/api/acts?${query}`));

describe("facts an act's artist chooses: the languages it performs in", () => {
  it("the act's artist and admins choose them; guests, planners and other artists are refused", async () => {
    expect((await update("guest", { languages: ["Spanish"] })).status).toBe(401);
    for (const who of ["planner", "otherArtist"] as const)
      expect((await update(who, { languages: ["Spanish"] })).status, who).toBe(403);
    expect((await profile()).facts.languages).toEqual([]);

    expect((await update("owner", { languages: ["Spanish", "English", "Spanish"] })).status).toBe(200);
    // Once each, in the list's order.
    expect((await profile()).facts.languages).toEqual(["English", "Spanish"]);
    expect((await update("admin", { languages: ["Spanish", "French"] })).status).toBe(200);
    expect((await profile()).facts.languages).toEqual(["Spanish", "French"]);
  });

  it("a save that leaves the facts out keeps them", async () => {
    await update("owner", { languages: ["Portuguese"] });
    expect((await server.post("/api/acts/update/dj-nova", "owner", { name: "DJ Nova" })).status).toBe(200);
    expect((await profile()).facts.languages).toEqual(["Portuguese"]);
    await update("owner", { languages: [] });
    expect((await profile()).facts.languages).toEqual([]);
  });

  it("refuses values off the list, too many, the wrong type and NUL bytes, and changes nothing", async () => {
    await update("owner", { languages: ["Greek"] });
    // A value of the wrong type is a 400, as the API says of wrong types; a value it does not take is a 422.
    const refused: [unknown, number, Record<string, string[]>][] = [
      [{ languages: ["Klingon"] }, 422, { "facts.languages.0": ["Choose languages from the list"] }],
      [{ languages: LANGUAGES.values.slice(0, 9) }, 422, { "facts.languages": ["Choose at most 8 languages"] }],
      [{ languages: ["Span\u0000ish"] }, 422, { "facts.languages.0": ["Choose languages from the list"] }],
      [{ languages: "Spanish" }, 400, { "facts.languages": ["Must be a list"] }],
    ];
    for (const [facts, status, errors] of refused) {
      const response = await update("owner", facts);
      expect(response.status, JSON.stringify(facts)).toBe(status);
      expect((await json<{ errors: unknown }>(response)).errors).toEqual(errors);
    }
    expect((await profile()).facts.languages).toEqual(["Greek"]);
  });

  it("the search filters and counts by them, and its results carry them for the cards", async () => {
    await update("owner", { languages: ["Spanish", "English"] });
    const spanish = await search("languages[]=Spanish");
    expect(spanish.data.map((act) => act.url)).toEqual(["dj-nova"]);
    expect(spanish.data[0]!.facts.languages).toEqual(["English", "Spanish"]);
    expect(spanish.meta.facets.languages).toEqual(
      expect.arrayContaining([
        { value: "Spanish", count: 1 },
        { value: "English", count: 1 },
      ]),
    );
    expect((await search("languages[]=Korean")).data).toEqual([]);

    await update("owner", { languages: ["Korean"] });
    expect((await search("languages[]=Spanish")).data).toEqual([]);
    expect((await search("languages[]=Korean")).data.map((act) => act.url)).toEqual(["dj-nova"]);
  });
});
