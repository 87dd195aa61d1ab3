import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages";
import { BOUNDS_MESSAGE, US_STATES_PATH } from "#modules/discovery/map-bounds";
import { mapViewOf } from "#modules/discovery/server";
import { type TestServer, createTestServer, json } from "#tests/setup/api-harness";

/** The map of results (issue 65, item 1): where each act is pinned, the page's box, and searching an area. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

interface Item {
  url: string;
  location: string | null;
  map: { lat: number; lng: number } | null;
}
interface Page {
  data: Item[];
  meta: { total: number; bounds: { south: number; west: number; north: number; east: number } | null };
}
const search = async (query: string, as: "guest" | "planner" = "guest") => {
  const answer = await server.get(`/api/acts?${query}`, as);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return json<Page>(answer);
};

describe("the map of results", () => {
  it("pins each act at its base city's centre, and the page's box holds every pin", async () => {
    const page = await search("perPage=50");
    const tones = page.data.find((act) => act.url === "the-velvet-tones")!;
    // Chicago's centre from the gazetteer, not an address.
    expect(tones.map!.lat).toBeCloseTo(41.88, 1);
    expect(tones.map!.lng).toBeCloseTo(-87.63, 1);
    const pinned = page.data.flatMap((act) => (act.map ? [act.map] : []));
    expect(pinned.length).toBeGreaterThan(0);
    // Acts without a city are on the page but not on the map.
    expect(page.data.some((act) => act.map === null)).toBe(true);
    const box = page.meta.bounds!;
    for (const point of pinned) {
      expect(point.lat).toBeGreaterThanOrEqual(box.south);
      expect(point.lat).toBeLessThanOrEqual(box.north);
      expect(point.lng).toBeGreaterThanOrEqual(box.west);
      expect(point.lng).toBeLessThanOrEqual(box.east);
    }
    expect(pinned.some((point) => point.lat === box.north)).toBe(true);
  });

  it("searches an area (bounds=south,west,north,east): only acts based inside it, for every role alike", async () => {
    const all = await search("perPage=50");
    const aroundChicago = "41.5,-88.2,42.2,-87.4";
    for (const who of ["guest", "planner"] as const) {
      const inside = await search(`bounds=${aroundChicago}&perPage=50`, who);
      expect(inside.data.map((act) => act.url)).toContain("the-velvet-tones");
      expect(inside.meta.total).toBeLessThan(all.meta.total);
      for (const act of inside.data) {
        expect(act.map!.lat).toBeGreaterThanOrEqual(41.5);
        expect(act.map!.lat).toBeLessThanOrEqual(42.2);
      }
    }
    // An area with no act is an empty page with no box.
    const sea = await search("bounds=30,-60,31,-59");
    expect([sea.meta.total, sea.meta.bounds]).toEqual([0, null]);
  });

  it("refuses bounds that are not four numbers on the globe, south below north and west of east: 422 on the field", async () => {
    for (const bad of [
      "1,2,3",
      "a,b,c,d",
      "42,-88,41,-87",
      "41,-87,42,-88",
      "41,-88,95,-87",
      "41,-200,42,-87",
      "1e3,2,3,4",
      `${"1,".repeat(60)}1`,
      "41,-88,42,-87\u0000",
    ]) {
      const answer = await server.get(`/api/acts?bounds=${encodeURIComponent(bad)}`, "guest");
      expect(answer.status, bad).toBe(422);
      const errors = (await json<{ errors: Record<string, string[]> }>(answer)).errors;
      expect(Object.keys(errors), bad).toEqual(["bounds"]);
      expect(errors.bounds, bad).toContain(bad.includes("\u0000") ? MESSAGES.unsafeText : BOUNDS_MESSAGE);
    }
  });

  it("draws the states as a script-free image every page shares, kept a day", async () => {
    const answer = await server.request(US_STATES_PATH);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/svg+xml");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=86400");
    const svg = await answer.text();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 975 610"')).toBe(true);
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });

  it("clusters pins that crowd, zooms to a searched area, and leaves out what it cannot place", () => {
    const act = (url: string, lat: number, lng: number) => ({ url, name: url, location: null, map: { lat, lng } });
    const whole = mapViewOf(
      [act("a", 41.88, -87.63), act("b", 41.9, -87.65), act("c", 30.27, -97.74), { ...act("d", 0, 0), map: null }],
      null,
    );
    expect(whole.viewBox).toEqual([0, 0, 975, 610]);
    expect(whole.pins.map((pin) => pin.url)).toEqual(["c"]);
    expect(whole.clusters.map((cluster) => [cluster.count, cluster.names])).toEqual([[2, ["a", "b"]]]);
    expect(whole.unplaced).toBe(1);
    // The cluster's link searches its area; there the two are pins of their own.
    const area = whole.clusters[0]!.bounds.split(",").map(Number) as [number, number, number, number];
    const zoomed = mapViewOf([act("a", 41.88, -87.63), act("b", 41.9, -87.65)], {
      south: area[0],
      west: area[1],
      north: area[2],
      east: area[3],
    });
    expect(zoomed.viewBox[2]).toBeLessThan(975 / 10);
    expect(zoomed.pins.map((pin) => pin.url).sort()).toEqual(["a", "b"]);
    expect(zoomed.zoomOut).not.toBeNull();
  });
});
