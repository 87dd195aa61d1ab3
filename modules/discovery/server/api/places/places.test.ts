import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, json, type TestServer } from "#tests/setup/api-harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type PlaceList = { data: { label: string; name: string; region: string; lat: number; lng: number }[] };
const places = async (q: string) =>
  (await json<PlaceList>(await server.request(`/api/places?q=${encodeURIComponent(q)}`))).data;

describe("GET /api/places", () => {
  it("offers names that start with what was typed, largest first, at most ten", async () => {
    const found = await places("aus");
    expect(found.length).toBeLessThanOrEqual(10);
    expect(found[0]).toMatchObject({ label: "Austin, TX", name: "Austin", region: "TX" });
    expect(found[0]!.lat).toBeCloseTo(30.27, 1);
    expect(found.every((place) => place.name.toLowerCase().startsWith("aus"))).toBe(true);
    expect((await places("new york"))[0]!.label).toBe("New York, NY");
  });

  it("narrows by state after a comma, and tolerates a typo", async () => {
    const springfields = await places("springfield, il");
    expect(springfields[0]!.label).toBe("Springfield, IL");
    expect(springfields.every((place) => place.region === "IL")).toBe(true);
    expect((await places("Chicgo")).map((place) => place.label)).toContain("Chicago, IL");
  });

  it("answers an empty list for nothing, and refuses NUL", async () => {
    expect(await places("")).toEqual([]);
    expect((await server.request("/api/places?q=%00")).status).toBe(422);
  });
});

describe("act locations are known places", () => {
  const base = { name: "DJ Nova", additionalLocations: [] as string[] };
  it("an unknown city is a 422 on its field that suggests the nearest names", async () => {
    const response = await server.post("/api/acts/update/dj-nova", "owner", {
      ...base,
      location: "Austin, TZ",
      additionalLocations: ["Boulder, CO", "Chicgo, IL"],
    });
    expect(response.status).toBe(422);
    const { errors } = await json<{ errors: Record<string, string[]> }>(response);
    expect(errors.location).toEqual([
      expect.stringMatching(/^We could not find "Austin, TZ"\. Did you mean Austin, TX/),
    ]);
    expect(errors["additionalLocations.1"]).toEqual([expect.stringMatching(/Did you mean Chicago, IL/)]);
    expect(errors["additionalLocations.0"]).toBeUndefined();
  });

  it("a known one is saved as the place is written, however it was typed", async () => {
    expect(
      (
        await server.post("/api/acts/update/dj-nova", "owner", {
          ...base,
          location: "  austin,   tx ",
          additionalLocations: ["boulder, co"],
        })
      ).status,
    ).toBe(200);
    const act = (
      await json<{ data: { location: string; additionalLocations: { location: string }[] } }>(
        await server.request("/api/acts/dj-nova"),
      )
    ).data;
    expect(act.location).toBe("Austin, TX");
    expect(act.additionalLocations.map((item) => item.location)).toEqual(["Boulder, CO"]);
  });

  it("a search by place follows the act where it moves: its base first, then only where it also plays", async () => {
    type Found = { data: { url: string; distance_miles: number | null; nearest_location: string | null }[] };
    const near = async (location: string) =>
      (
        await json<Found>(await server.request(`/api/acts?location=${encodeURIComponent(location)}&radius=10`))
      ).data.find((act) => act.url === "dj-nova");
    const move = async (location: string, additionalLocations: string[]) =>
      expect(
        (await server.post("/api/acts/update/dj-nova", "owner", { ...base, location, additionalLocations })).status,
      ).toBe(200);
    await move("Boulder, CO", ["Tulsa, OK"]);
    expect(await near("Boulder, CO")).toMatchObject({ distance_miles: 0, nearest_location: "Boulder, CO" });
    expect(await near("Tulsa, OK")).toMatchObject({ distance_miles: 0, nearest_location: "Tulsa, OK" });
    await move("Tulsa, OK", []);
    expect(await near("Boulder, CO")).toBeUndefined();
    expect(await near("Tulsa, OK")).toMatchObject({ nearest_location: "Tulsa, OK" });
  });

  it("the demo acts' locations were geocoded when the database was made", async () => {
    const { sql } = await import("drizzle-orm");
    const result = (await server.database.db.execute(
      sql`select count(*)::int as missing from acts where location is not null and place_id is null`,
    )) as unknown as { rows: { missing: number }[] };
    expect(result.rows[0]!.missing).toBe(0);
  });
});
