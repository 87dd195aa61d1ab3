import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_QUERY_KEYS } from "#domain/paging";
import { SEARCH_QUERY_KEYS } from "#modules/discovery/search-filter";
import { SERVER_BUILD_FILE } from "#server/paths";
import { routeQueryParams } from "#server/render/ssr";
import { startAppServer } from "./app-server";
import { sessionsFor } from "./demo-sessions";

let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => app?.stop());

const guest = async (path: string) => {
  const response = await fetch(app.baseUrl + path);
  return { status: response.status, cache: response.headers.get("x-cache"), html: await response.text() };
};

describe("routes declare the query parameters they read", () => {
  it("the built routes' handles name each parameter a page reads, and the guest cache keys pages by them", async () => {
    const build = (await import(pathToFileURL(SERVER_BUILD_FILE).href)) as ServerBuild;
    expect(routeQueryParams(build)).toEqual(
      [
        ...new Set([
          "actUrl",
          "budget",
          "date",
          "event",
          "from",
          "kind",
          "month",
          "paid",
          "q",
          "redirectTo",
          "reset",
          "state",
          "to",
          "view",
          ...PAGE_QUERY_KEYS,
          ...SEARCH_QUERY_KEYS,
        ]),
      ].sort(),
    );
  });

  it("a parameter no route reads is neither a new render nor part of the page; one a route reads is", async () => {
    expect((await guest("/search?searchTerms=trio")).cache).toBe("miss");
    const again = await guest("/search?utm_source=mail&searchTerms=trio");
    expect(again.cache).toBe("hit");
    expect(again.html).not.toContain("utm_source");
    expect((await guest("/search?searchTerms=swing")).cache).toBe("miss");
    // The profile answers "Check availability" from its address: each date is a page of its own.
    expect((await guest("/entertainment/the-velvet-tones")).cache).toBe("miss");
    const checked = await guest("/entertainment/the-velvet-tones?date=2031-06-14");
    expect(checked.cache).toBe("miss");
    expect(checked.html).toContain("Available on Saturday, June 14, 2031");
    // A signed-in page a guest is sent away from keeps the parameter it reads in the way back.
    const response = await fetch(`${app.baseUrl}/events/add-event?actUrl=the-velvet-tones&junk=1`, {
      redirect: "manual",
    });
    expect(response.headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/events/add-event?actUrl=the-velvet-tones")}`,
    );
  });
});

describe("routes declare what their pages show", () => {
  it("a profile shows its act only: a write to one act renders its page again and leaves another act's cached", async () => {
    await guest("/entertainment/dj-nova");
    await guest("/entertainment/the-velvet-tones");
    expect((await guest("/entertainment/dj-nova")).cache).toBe("hit");
    expect((await guest("/entertainment/the-velvet-tones")).cache).toBe("hit");
    expect((await guest("/search?searchTerms=velvet")).cache).toBe("miss");

    const cookie = (await sessionsFor(app.baseUrl)("owner"))!;
    // The artist blocks a day: a write to the Velvet Tones' rows only.
    const blocked = await fetch(`${app.baseUrl}/api/availability/block/the-velvet-tones`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.baseUrl, cookie },
      body: JSON.stringify({ from: "2031-03-03", to: "2031-03-03" }),
    });
    expect(blocked.status).toBe(201);

    expect((await guest("/entertainment/the-velvet-tones")).cache).toBe("miss");
    expect((await guest("/entertainment/dj-nova")).cache).toBe("hit");
    // A page that declares nothing shows any act: the search is rendered again.
    expect((await guest("/search?searchTerms=velvet")).cache).toBe("miss");
  });
});
