import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serializeSearchFilter } from "../../../domain/search-filter";
import { createTestServer, json, type DemoUser, type TestServer } from "../../../tests/setup/api-harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

interface SearchResult {
  data: { url: string; rating: { average: number | null; count: number }; status?: { label: string } }[];
  meta: { page: number; perPage: number; total: number };
}
async function search(query: string, as: DemoUser | "guest" = "guest") {
  const response = await server.get(`/api/acts?${query}`, as);
  expect(response.status).toBe(200);
  return json<SearchResult>(response);
}
const urls = async (query: string, as: DemoUser | "guest" = "guest") => (await search(query, as)).data.map((act) => act.url);

describe("GET /api/acts", () => {
  it("the public sees approved acts that are not internal use only, featured first", async () => {
    const result = await search("");
    expect(result.data.map((act) => act.url)).toEqual(["the-velvet-tones", "dj-nova"]);
    expect(result.meta).toEqual({ page: 1, perPage: 20, total: 2 });
    expect(result.data[0]!.rating).toEqual({ average: 4, count: 12 });
    expect(result.data[0]).not.toHaveProperty("status");
    for (const role of ["planner", "owner"] as const) expect(await urls("", role), role).toEqual(["the-velvet-tones", "dj-nova"]);
  });

  it("admins see every act and may filter by status", async () => {
    expect((await search("", "admin")).meta.total).toBe(6);
    expect(await urls("status=pending", "admin")).toEqual(["pending-act"]);
    expect(await urls("status=draft", "admin")).toEqual(["draft-act"]);
    expect(await urls("status=declined", "admin")).toEqual(["declined-act"]);
    expect((await search("status=approved", "admin")).data.map((act) => act.status?.label)).toEqual(["Approved", "Approved", "Approved"]);
    // The public cannot widen its view with a status: it still sees approved acts only.
    expect(await urls("status=pending")).toEqual(["the-velvet-tones", "dj-nova"]);
  });

  it("filters by search terms and by tags, from the serialised filter", async () => {
    expect(await urls(serializeSearchFilter({ searchTerms: "velvet" }))).toEqual(["the-velvet-tones"]);
    expect(await urls(serializeSearchFilter({ styles: ["Motown", "Jazz"] }))).toEqual(["the-velvet-tones"]);
    expect(await urls(serializeSearchFilter({ eventTypes: ["Wedding"], bandSetups: ["7+ Piece Band"] }))).toEqual(["the-velvet-tones"]);
    expect(await urls(serializeSearchFilter({ songTypes: ["Ceremony Music"] }))).toEqual([]);
    expect(await urls(serializeSearchFilter({ actTypes: ["Keynote Speaker"] }), "admin")).toEqual(["keynote-kim"]);
    expect(await urls(serializeSearchFilter({ searchTerms: "100%_" }))).toEqual([]);
  });

  it("pages, and refuses a bad filter with 422", async () => {
    expect((await search("page=2")).data).toEqual([]);
    const bad = await server.get("/api/acts?page=0&status=lost", "admin");
    expect(bad.status).toBe(422);
    expect(Object.keys((await json<{ errors: Record<string, string[]> }>(bad)).errors).sort()).toEqual(["page", "status"]);
  });
});
