import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { browserSuite, phonePage } from "./browser-session";

/**
 * A deployment's tile style, as a style host serves one (MapLibre's style specification, version
 * 8): a background and the lower 48 as one GeoJSON shape, so no tile server is needed to see
 * MapLibre draw, and the page's policy is proven to let it reach the style's host and no other.
 */
const style = {
  version: 8,
  name: "Test style",
  sources: {
    country: {
      type: "geojson",
      data: {
        type: "Feature",
        properties: {},
        geometry: {
          type: "Polygon",
          coordinates: [
            [
              [-125, 24.5],
              [-66.9, 24.5],
              [-66.9, 49.5],
              [-125, 49.5],
              [-125, 24.5],
            ],
          ],
        },
      },
    },
  },
  layers: [
    { id: "water", type: "background", paint: { "background-color": "#dbeafe" } },
    { id: "land", type: "fill", source: "country", paint: { "fill-color": "#e5e7eb" } },
  ],
};
const styleHost = createServer((request, response) => {
  if (request.url !== "/style.json") return response.writeHead(404).end();
  response.writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "*" });
  response.end(JSON.stringify(style));
});
await new Promise<void>((resolve) => styleHost.listen(0, "127.0.0.1", resolve));
afterAll(() => new Promise<void>((resolve) => styleHost.close(() => resolve())));
const styleUrl = `http://127.0.0.1:${(styleHost.address() as AddressInfo).port}/style.json`;

const suite = browserSuite({ MAP_STYLE_URL: styleUrl });

describe("the map over a tile style (MAP_STYLE_URL, issue 65, item 1)", () => {
  it("a guest on a phone gets MapLibre, pins linked to cards both ways, and moving the map offers to search the area", async () => {
    const guest = await suite.sessions.contextFor("guest");
    const page = await phonePage(guest);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${suite.app.baseUrl}/search?eventTypes[]=Wedding&view=map`);
    await page.locator(".maplibregl-canvas").waitFor();
    const mapScript = (await page.locator("script[type=module][async]").getAttribute("src"))!;
    expect(scripts).toContain(mapScript);
    // The list view loads no map code at all.
    const list = await phonePage(guest);
    const listScripts: string[] = [];
    list.on("request", (request) => {
      if (request.resourceType() === "script") listScripts.push(new URL(request.url()).pathname);
    });
    await list.goto(`${suite.app.baseUrl}/search?eventTypes[]=Wedding`);
    expect(listScripts.length).toBeGreaterThan(0);
    expect(listScripts).not.toContain(mapScript);
    await list.close();

    // The server's drawing gives way to the live map, whose pins are links with the drawing's ids.
    expect(await page.locator("svg[data-map-view]").isVisible()).toBe(false);
    const pin = page.locator(".maplibregl-marker[href^='#act-']").first();
    await pin.waitFor();
    const card = (await pin.getAttribute("href"))!;
    const pinId = (await pin.getAttribute("id"))!;
    expect(await page.locator(`[id='${pinId}']`).count()).toBe(1);
    expect(await page.locator(`${card} a[href='#${pinId}']`).count()).toBe(1);
    expect(await pin.getAttribute("aria-label")).toMatch(/see (its|the first) card/i);

    // Moved by keyboard, as anyone may: the canvas takes the arrows, and the area can be searched.
    const searchHere = page.getByRole("link", { name: "Search this area" });
    expect(await searchHere.isVisible()).toBe(false);
    await page.locator(".maplibregl-canvas").focus();
    await page.keyboard.press("Minus");
    await page.keyboard.press("ArrowLeft");
    await searchHere.waitFor();
    const href = (await searchHere.getAttribute("href"))!;
    const address = new URL(href, suite.app.baseUrl);
    expect(address.pathname).toBe("/search");
    expect(address.searchParams.getAll("eventTypes[]")).toEqual(["Wedding"]);
    expect(address.searchParams.get("view")).toBe("map");
    expect(address.searchParams.get("bounds")).toMatch(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/);
    expect(await axeViolations(page)).toEqual([]);

    await searchHere.click();
    await page.waitForURL((url) => url.searchParams.has("bounds"));
    await page.locator(".maplibregl-canvas").waitFor();
    await page.getByText(/^Map of this page's acts: \d+ placed/).waitFor();
  });

  it("a listing page's map is live too, and a planner's hydrated search draws it once hydrated, dragged to search its area", async () => {
    const guest = await suite.sessions.contextFor("guest");
    const listing = await phonePage(guest);
    await listing.goto(`${suite.app.baseUrl}/hire/wedding/chicago-il?view=map`);
    await listing.locator(".maplibregl-canvas").waitFor();
    await listing.locator(".maplibregl-marker[href^='#act-']").first().waitFor();

    const planner = await suite.sessions.contextFor("planner");
    const page = await phonePage(planner);
    await page.goto(`${suite.app.baseUrl}/search?eventTypes[]=Wedding`);
    await page.getByRole("navigation", { name: "Show results" }).getByRole("link", { name: "Map" }).click();
    await page.waitForURL((url) => url.searchParams.get("view") === "map");
    await page.locator(".maplibregl-canvas").waitFor();
    await page.locator(".maplibregl-marker[href^='#act-']").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Dragged with a pointer, the map offers its new area.
    const box = (await page.locator(".maplibregl-canvas").boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2 + 30, { steps: 8 });
    await page.mouse.up();
    const searchHere = page.getByRole("link", { name: "Search this area" });
    await searchHere.waitFor();
    await searchHere.click();
    await page.waitForURL((url) => url.searchParams.has("bounds") && url.searchParams.get("view") === "map");
    await page.locator(".maplibregl-canvas").waitFor();
  });
});
