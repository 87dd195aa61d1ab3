import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_LIMITS } from "#domain/limits";
import type { ActProfile } from "#modules/acts/act-profile";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { completeDraft } from "#tests/setup/complete-draft";
import { gradientPng } from "#start/demo/demo-files";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const post = (path: string, as: Who, body?: unknown) => server.post(path, as, body);
const profile = async (url: string, as: Who = "admin") =>
  (await json<{ data: ActProfile }>(await server.request(`/api/acts/${url}`, { cookie: await server.cookieFor(as) })))
    .data;

const update = {
  name: "DJ Nova",
  headline: "Open-format DJ",
  description: "Weddings and clubs.",
  location: "Denver, CO",
  additionalLocations: ["Boulder, CO", "", "Aspen, CO"],
  compare_to: "Diplo",
  social: { instagram: "https://instagram.com/djnova", web: "" },
  has_performed_corporate_event: true,
  corporate_event_experience: "Tech launches.",
};

describe("POST /api/acts/update/{actUrl}", () => {
  it("the act's artist and admins update the profile; others are refused", async () => {
    expect((await post("/api/acts/update/dj-nova", "guest", update)).status).toBe(401);
    for (const who of ["planner", "otherArtist"] as const)
      expect((await post("/api/acts/update/dj-nova", who, update)).status, who).toBe(403);
    expect((await post("/api/acts/update/dj-nova", "owner", update)).status).toBe(200);
    const act = await profile("dj-nova");
    expect(act).toMatchObject({
      headline: "Open-format DJ",
      location: "Denver, CO",
      additionalLocations: [{ location: "Boulder, CO" }, { location: "Aspen, CO" }],
      compare_to: "Diplo",
      has_performed_corporate_event: true,
    });
    expect(act.social.instagram).toBe("https://instagram.com/djnova");
    expect(act.social.web).toBeNull();
  });

  it("checks social links as URLs and the field limits", async () => {
    const bad = await post("/api/acts/update/dj-nova", "owner", {
      ...update,
      name: "",
      social: { facebook: "javascript:alert(1)", twitter: "not a link" },
    });
    expect(bad.status).toBe(422);
    expect((await json<{ errors: unknown }>(bad)).errors).toEqual({
      name: ["Name is required"],
      "social.facebook": ["Enter a link starting with https://"],
      "social.twitter": ["Enter a link starting with https://"],
    });
  });

  it("additional_info is for admins only", async () => {
    expect((await post("/api/acts/update/dj-nova", "owner", { ...update, additional_info: "VIP" })).status).toBe(403);
    expect(
      (await post("/api/acts/update/dj-nova", "admin", { ...update, additional_info: "Needs a riser." })).status,
    ).toBe(200);
    expect((await profile("dj-nova")).additional_info).toBe("Needs a riser.");
    // An artist's save leaves it as it was.
    expect((await post("/api/acts/update/dj-nova", "owner", update)).status).toBe(200);
    expect((await profile("dj-nova")).additional_info).toBe("Needs a riser.");
  });

  it("the avatar must be the caller's own avatar upload", async () => {
    const form = new FormData();
    form.set("purpose", "avatar");
    form.set("file", new File([new Uint8Array(gradientPng(4, 4, [0, 0, 0], [9, 9, 9]))], "me.png"));
    const uploaded = await json<{ data: { path: string } }>(
      await server.request("/api/uploads", { method: "POST", body: form, cookie: await server.cookieFor("owner") }),
    );
    expect((await post("/api/acts/update/dj-nova", "owner", { ...update, avatar: "images/not-mine.png" })).status).toBe(
      422,
    );
    expect((await post("/api/acts/update/dj-nova", "owner", { ...update, avatar: uploaded.data.path })).status).toBe(
      200,
    );
    expect((await profile("dj-nova")).avatar).toBe(uploaded.data.path);
  });
});

describe("creating an act and submitting it", () => {
  it("a new act's address is its name, with a number only when the name is taken", async () => {
    const create = async (name: string) =>
      (await json<{ data: { url: string } }>(await post("/api/acts/create", "admin", { name, musical: true }))).data
        .url;
    expect(await create("Midnight Marigolds")).toBe("midnight-marigolds");
    expect(await create("Midnight Marigolds!")).toBe("midnight-marigolds-2");
    expect(await create("The Velvet Tones")).toBe("the-velvet-tones-2");
    expect(
      (await server.request("/api/acts/midnight-marigolds", { cookie: await server.cookieFor("admin") })).status,
    ).toBe(200);
  });

  it(`an artist creates at most ${ACCOUNT_LIMITS.actCreated.max} acts a day: then 429 with Retry-After, and no draft is made`, async () => {
    const artist = await server.newAccount("ARTIST");
    const create = (name: string) =>
      server.request("/api/acts/create", { method: "POST", cookie: artist.cookie, json: { name, musical: true } });
    for (let made = 1; made <= ACCOUNT_LIMITS.actCreated.max; made++)
      expect((await create(`Draft Number ${made}`)).status).toBe(201);
    const refused = await create("One Draft Too Many");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const mine = (await server.database.db.execute(
      sql`select count(*)::int as n from acts a join users u on u.id = a.manager_id where u.email = ${artist.email}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(mine.rows[0]!.n).toBe(ACCOUNT_LIMITS.actCreated.max);
  });

  it("artists and admins create acts; a new act is a draft its artist can see", async () => {
    expect((await post("/api/acts/create", "planner", { name: "X", musical: true })).status).toBe(403);
    expect((await post("/api/acts/create", "guest", { name: "X", musical: true })).status).toBe(401);
    expect((await json<{ errors: unknown }>(await post("/api/acts/create", "owner", {}))).errors).toEqual({
      name: ["Name is required"],
      musical: ["Say whether the act is musical"],
    });
    const created = await post("/api/acts/create", "owner", { name: "Nova Trio", musical: true });
    expect(created.status).toBe(201);
    const { url } = (await json<{ data: { url: string } }>(created)).data;
    expect((await profile(url, "owner")).status.label).toBe("Draft");
    expect((await server.request(`/api/acts/${url}`)).status).toBe(404);

    expect((await post(`/api/acts/submit-application/${url}`, "otherArtist")).status).toBe(404);
    const byAdmin = await post("/api/acts/create", "admin", { name: "House Act", musical: false });
    expect(byAdmin.status).toBe(201);
    const adminsAct = (await json<{ data: { url: string } }>(byAdmin)).data.url;

    // Nothing is filled in yet: the refusal names every item of the checklist.
    const incomplete = await post(`/api/acts/submit-application/${url}`, "owner");
    expect(incomplete.status).toBe(409);
    expect(await json(incomplete)).toEqual({
      code: "conflict",
      message:
        "Before you submit, add: a headline; a description; a home city; a profile photo or an image; genres and tags (or a request for them)",
    });
    expect((await profile(url, "owner")).status.label).toBe("Draft");

    await completeDraft(server, adminsAct, "admin", false);
    expect((await post(`/api/acts/submit-application/${adminsAct}`, "admin")).status).toBe(200);
    await completeDraft(server, url, "owner", true);
    expect((await post(`/api/acts/submit-application/${url}`, "owner")).status).toBe(200);
    expect((await profile(url, "owner")).status.label).toBe("Pending Approval");
    expect((await post(`/api/acts/submit-application/${url}`, "owner")).status).toBe(409);
  });
});
