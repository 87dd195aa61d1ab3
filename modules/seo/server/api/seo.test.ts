import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { loadContent } from "../content-load";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

interface Entry {
  id: number;
  kind: string;
  key: string;
  path: string;
  title: string;
  description: string;
  intro: string[];
  warnings: string[];
}
interface Guide {
  slug: string;
  path: string;
  title: string;
  paragraphs: string[];
  sections: { heading: string; paragraphs: string[] }[];
  links: { label: string; path: string }[];
  warnings: string[];
}
type Failure = { message: string; code: string; errors?: Record<string, string[]> };

const send = async (method: string, path: string, as: DemoUser | "guest", body?: unknown) =>
  server.request(path, { method, cookie: await server.cookieFor(as), ...(body === undefined ? {} : { json: body }) });
const entries = async (query: string) =>
  json<{ data: Entry[]; meta: { total: number; pages: number } }>(
    await send("GET", `/api/seo/entries?${query}`, "admin"),
  );

const actEntry = {
  kind: "act",
  key: "dj-nova",
  title: "DJ Nova: open-format DJ for weddings and parties",
  description:
    "DJ Nova reads the room and keeps a dance floor full from the first song to the last call, at weddings, parties and corporate nights.",
};
const guide = {
  slug: "how-to-write-a-brief",
  title: "How to write a brief an entertainer can quote from",
  description: "What to tell an act before it quotes: the room, the crowd, the timings and the budget.",
  paragraphs: ["An act can only quote what it knows."],
  sections: [{ heading: "The room", paragraphs: ["Say how big it is.", "Say where the power is."] }],
  links: [{ label: "Wedding entertainers in Chicago, IL", path: "/hire/wedding/chicago-il" }],
};

describe("curated copy from content/ is in the database", () => {
  it("the files' act entries, listing entries and guides are imported once, at start", async () => {
    const acts = await entries("kind=act");
    expect(acts.data.map((entry) => entry.key)).toContain("the-velvet-tones");
    expect(acts.data.find((entry) => entry.key === "the-velvet-tones")).toMatchObject({
      path: "/entertainment/the-velvet-tones",
      intro: [],
    });
    const listings = await entries("kind=listing");
    expect(listings.data.map((entry) => entry.key)).toEqual([
      "/hire/corporate-event/new-york-ny",
      "/hire/dj/chicago-il",
      "/hire/wedding/chicago-il",
      "/hire/wedding/new-york-ny",
    ]);
    const guides = await json<{ data: Guide[] }>(await send("GET", "/api/seo/guides", "admin"));
    expect(guides.data.length).toBeGreaterThanOrEqual(8);
    expect(guides.data.find((item) => item.slug === "choosing-a-wedding-band")?.sections.length).toBeGreaterThan(0);
  });

  it("an entry an admin deleted stays deleted on the next start; a new file is imported", async () => {
    const velvet = (await entries("kind=act&q=velvet")).data[0]!;
    expect((await send("DELETE", `/api/seo/entries/${velvet.id}`, "admin")).status).toBe(200);
    await loadContent(server.database.db);
    expect((await entries("kind=act&q=velvet")).data).toEqual([]);

    const dir = mkdtempSync(join(tmpdir(), "eva-content-"));
    writeFileSync(
      join(dir, "seo-acts-more.json"),
      JSON.stringify([{ url: "the-velvet-tones", title: "The Velvet Tones, again", desc: "Back from a new file." }]),
    );
    await loadContent(server.database.db, dir);
    await loadContent(server.database.db, dir);
    expect((await entries("kind=act&q=velvet")).data.map((entry) => entry.title)).toEqual(["The Velvet Tones, again"]);
  });
});

describe("who may edit curated copy", () => {
  const calls: [string, string, unknown?][] = [
    ["GET", "/api/seo/entries"],
    ["POST", "/api/seo/entries", actEntry],
    ["GET", "/api/seo/entries/1"],
    ["PUT", "/api/seo/entries/1", actEntry],
    ["DELETE", "/api/seo/entries/1"],
    ["GET", "/api/seo/guides"],
    ["POST", "/api/seo/guides", guide],
    ["GET", "/api/seo/guides/choosing-a-wedding-band"],
    ["PUT", "/api/seo/guides/choosing-a-wedding-band", guide],
    ["DELETE", "/api/seo/guides/choosing-a-wedding-band"],
  ];
  it.each(calls)(
    "%s %s: 401 for a guest, 403 for planners and artists, and nothing changes",
    async (method, path, body) => {
      expect((await send(method, path, "guest", body)).status).toBe(401);
      for (const role of ["planner", "owner", "otherArtist"] as const) {
        const response = await send(method, path, role, body);
        expect(response.status, role).toBe(403);
        expect((await json<Failure>(response)).code).toBe("forbidden");
      }
      expect((await send("GET", "/api/seo/guides/choosing-a-wedding-band", "admin")).status).toBe(200);
      expect((await entries("kind=act&q=dj-nova")).data).toEqual([]);
    },
  );
});

describe("an admin edits an act's entry", () => {
  let id = 0;
  it("creates it for an existing act, with warnings for what engines cut", async () => {
    const response = await send("POST", "/api/seo/entries", "admin", actEntry);
    expect(response.status).toBe(201);
    const entry = (await json<{ data: Entry }>(response)).data;
    expect(entry).toMatchObject({
      kind: "act",
      key: "dj-nova",
      path: "/entertainment/dj-nova",
      title: actEntry.title,
      intro: [],
      warnings: [],
    });
    id = entry.id;
    expect((await send("GET", `/api/seo/entries/${id}`, "admin")).status).toBe(200);
  });

  it("a second entry for the same act is a conflict", async () => {
    const response = await send("POST", "/api/seo/entries", "admin", actEntry);
    expect(response.status).toBe(409);
    expect((await json<Failure>(response)).message).toBe(MESSAGES.seoEntryExists);
  });

  it("saving warns of a long title and a short description, and keeps them", async () => {
    const response = await send("PUT", `/api/seo/entries/${id}`, "admin", {
      ...actEntry,
      title: "DJ Nova ".repeat(10).trim(),
      description: "Too short.",
    });
    expect(response.status).toBe(200);
    const { warnings, title } = (await json<{ data: Entry }>(response)).data;
    expect(title).toBe("DJ Nova ".repeat(10).trim());
    expect(warnings).toEqual([
      "The title has 79 characters; search engines show about 60, so the end is cut.",
      "The description has 10 characters; under 70 engines often write their own.",
    ]);
  });

  it("refuses what is not a curated entry, field by field, and changes nothing", async () => {
    const cases: [unknown, string, string][] = [
      [{ ...actEntry, key: "no-such-act" }, "key", MESSAGES.seoUnknownAct],
      [{ ...actEntry, key: "../admin" }, "key", MESSAGES.seoUnknownAct],
      [{ ...actEntry, key: "" }, "key", MESSAGES.seoKeyRequired],
      [{ ...actEntry, title: "  " }, "title", MESSAGES.seoTitleRequired],
      [{ ...actEntry, title: "x".repeat(201) }, "title", MESSAGES.tooLong(200)],
      [{ ...actEntry, description: "" }, "description", MESSAGES.seoDescriptionRequired],
      [{ ...actEntry, description: "a\u0000b" }, "description", MESSAGES.unsafeText],
      [{ ...actEntry, title: "\uD800" }, "title", MESSAGES.unsafeText],
      [{ ...actEntry, intro: ["A paragraph."] }, "intro", MESSAGES.seoIntroOnlyForListings],
      [{ ...actEntry, kind: "listing", key: "/hire/jazz" }, "key", MESSAGES.seoListingPathInvalid],
      [{ ...actEntry, kind: "listing", key: "/hire/no-such-tag/chicago-il" }, "key", MESSAGES.seoUnknownListing],
      [{ ...actEntry, kind: "listing", key: "/hire/wedding/atlantis-zz" }, "key", MESSAGES.seoUnknownListing],
    ];
    for (const [body, field, message] of cases) {
      const response = await send("PUT", `/api/seo/entries/${id}`, "admin", body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await json<Failure>(response)).errors?.[field], field).toEqual([message]);
    }
    const wrongType = await send("PUT", `/api/seo/entries/${id}`, "admin", { ...actEntry, title: 5 });
    expect(wrongType.status).toBe(400);
    expect((await json<Failure>(wrongType)).errors?.title).toBeDefined();
    expect((await json<{ data: Entry }>(await send("GET", `/api/seo/entries/${id}`, "admin"))).data.description).toBe(
      "Too short.",
    );
  });

  it("answers 404 for an entry that does not exist and 400 for a body that is not JSON", async () => {
    expect((await send("PUT", "/api/seo/entries/999999", "admin", actEntry)).status).toBe(404);
    expect((await send("GET", "/api/seo/entries/99999999999", "admin")).status).toBe(404);
    expect((await send("GET", "/api/seo/entries/abc", "admin")).status).toBe(400);
    const notJson = await server.request(`/api/seo/entries/${id}`, {
      method: "PUT",
      cookie: await server.cookieFor("admin"),
      headers: { "content-type": "text/plain" },
      body: "title=x",
    });
    expect(notJson.status).toBe(400);
  });

  it("deletes it once", async () => {
    const response = await send("DELETE", `/api/seo/entries/${id}`, "admin");
    expect((await json<{ data: { message: string } }>(response)).data.message).toBe(MESSAGES.seoEntryDeleted);
    expect((await send("DELETE", `/api/seo/entries/${id}`, "admin")).status).toBe(404);
    expect((await send("GET", `/api/seo/entries/${id}`, "admin")).status).toBe(404);
  });
});

describe("an admin edits a listing page's entry", () => {
  it("keys it by the listing's path, with an introduction; a search narrows the list", async () => {
    const response = await send("POST", "/api/seo/entries", "admin", {
      kind: "listing",
      key: "/hire/dj/boston-ma",
      title: "DJs for Events in Boston, MA",
      description:
        "Boston's DJs for weddings, campus nights and company parties, with reviews from planners who booked them.",
      intro: ["First.", "Second."],
    });
    expect(response.status).toBe(201);
    expect((await json<{ data: Entry }>(response)).data).toMatchObject({
      path: "/hire/dj/boston-ma",
      intro: ["First.", "Second."],
    });
    const found = await entries("kind=listing&q=boston");
    expect(found.data.map((entry) => entry.key)).toEqual(["/hire/dj/boston-ma"]);
    expect(found.meta).toEqual({ total: 1, page: 1, pages: 1 });
    expect((await entries("kind=listing&q=%25")).data).toEqual([]);
  });
});

describe("an admin edits guides", () => {
  it("publishes one, which the sitemap then lists", async () => {
    const response = await send("POST", "/api/seo/guides", "admin", guide);
    expect(response.status).toBe(201);
    expect((await json<{ data: Guide }>(response)).data).toMatchObject({
      slug: guide.slug,
      path: `/guides/${guide.slug}`,
      sections: guide.sections,
      links: guide.links,
    });
    expect(await (await server.request("/sitemap.xml")).text()).toContain(
      `<loc>http://localhost:3000/guides/${guide.slug}</loc>`,
    );
    expect((await send("POST", "/api/seo/guides", "admin", guide)).status).toBe(409);
  });

  it("refuses links that leave the site, slugs that are no address and empty parts", async () => {
    const cases: [unknown, string, string][] = [
      [
        { ...guide, links: [{ label: "Out", path: "//evil.example/x" }] },
        "links.0.path",
        MESSAGES.guideLinkPathInvalid,
      ],
      [
        { ...guide, links: [{ label: "Out", path: "javascript:alert(1)" }] },
        "links.0.path",
        MESSAGES.guideLinkPathInvalid,
      ],
      [{ ...guide, links: [{ label: "Out", path: "/\\evil.example" }] }, "links.0.path", MESSAGES.guideLinkPathInvalid],
      [{ ...guide, links: [{ label: "", path: "/guides" }] }, "links.0.label", MESSAGES.guideLinkLabelRequired],
      [{ ...guide, slug: "Not A Slug" }, "slug", MESSAGES.guideSlugInvalid],
      [{ ...guide, slug: "../etc" }, "slug", MESSAGES.guideSlugInvalid],
      [{ ...guide, paragraphs: [] }, "paragraphs", MESSAGES.guideParagraphRequired],
      [
        { ...guide, sections: [{ heading: "", paragraphs: ["x"] }] },
        "sections.0.heading",
        MESSAGES.guideHeadingRequired,
      ],
      [
        { ...guide, sections: [{ heading: "H", paragraphs: [] }] },
        "sections.0.paragraphs",
        MESSAGES.guideParagraphRequired,
      ],
      [{ ...guide, paragraphs: Array.from({ length: 51 }, () => "p") }, "paragraphs", MESSAGES.tooManyItems(50)],
      [{ ...guide, paragraphs: ["x".repeat(5001)] }, "paragraphs.0", MESSAGES.tooLong(5000)],
    ];
    for (const [body, field, message] of cases) {
      const response = await send("PUT", `/api/seo/guides/${guide.slug}`, "admin", body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect((await json<Failure>(response)).errors?.[field], field).toEqual([message]);
    }
  });

  it("moves one to a new address, and deletes it", async () => {
    const moved = await send("PUT", `/api/seo/guides/${guide.slug}`, "admin", { ...guide, slug: "writing-a-brief" });
    expect((await json<{ data: Guide }>(moved)).data.path).toBe("/guides/writing-a-brief");
    expect((await send("GET", `/api/seo/guides/${guide.slug}`, "admin")).status).toBe(404);
    expect(
      (await send("PUT", "/api/seo/guides/writing-a-brief", "admin", { ...guide, slug: "choosing-a-wedding-band" }))
        .status,
    ).toBe(409);
    expect((await send("DELETE", "/api/seo/guides/writing-a-brief", "admin")).status).toBe(200);
    expect((await send("DELETE", "/api/seo/guides/writing-a-brief", "admin")).status).toBe(404);
    expect(await (await server.request("/sitemap.xml")).text()).not.toContain("writing-a-brief");
    expect((await send("GET", "/api/seo/guides/a%00b", "admin")).status).toBe(400);
  });
});
