import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { eventually } from "#tests/setup/eventually";
import { acts, tags } from "#modules/acts/server/tables";
import { images } from "#modules/files/server/tables";
import { packageEventTypes, packages } from "#modules/content/server/tables";
import { seoEntries } from "#modules/seo/server/tables";
import { getActProfilePage } from "./acts";
import { loadActPage } from "./act-profile-sections";
import { createTaggedStore } from "#server/cache/tagged-store";
import { createLogger } from "#server/logger";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Profile = {
  testimonials: { name: string }[];
  images: { path: string }[];
  packages: { eventTypes: { name: string }[] }[];
  tags: { name: string }[];
  approvedPublicDocuments: { title: string }[];
  pendingTagRequest?: unknown;
  latestOffer?: unknown;
};
const profileAs = async (who: DemoUser | "guest") =>
  (await json<{ data: Profile }>(await server.get("/api/acts/the-velvet-tones", who))).data;
const ROLES = ["guest", "planner", "otherArtist", "owner", "admin"] as const;

describe("an act's sections kept in memory", () => {
  it("a write by one role shows at once to every role, however often the profile was read before", async () => {
    for (const who of ROLES) await profileAs(who);
    for (const who of ROLES) await profileAs(who);
    expect(
      (
        await server.post("/api/testimonials/add-testimonial/the-velvet-tones", "owner", {
          name: "Kept Copy Test",
          content: "Seen by all at once.",
        })
      ).status,
    ).toBe(200);
    for (const who of ROLES)
      expect(
        (await profileAs(who)).testimonials.map((item) => item.name),
        who,
      ).toContain("Kept Copy Test");
  });

  it("a change written by another server to any table the sections read shows, tag renames included", async () => {
    // Written straight into the database, as by another server: this server's kept sections of
    // the act hear of it through PostgreSQL's notification of the act, a moment after the commit.
    const db = server.database.db;
    const [act] = await db.select({ id: acts.id }).from(acts).where(eq(acts.url, "the-velvet-tones"));
    for (const who of ROLES) await profileAs(who);
    await db.insert(images).values({ actId: act!.id, path: "uploads/kept-copy.png" });
    await eventually(async () =>
      (await profileAs("guest")).images.some((image) => image.path === "uploads/kept-copy.png"),
    );
    const [offering] = await db.select({ id: packages.id }).from(packages).where(eq(packages.actId, act!.id)).limit(1);
    const [eventType] = await db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(eq(tags.type, "Event Type"))
      .limit(1);
    const eventTypesOf = async (who: (typeof ROLES)[number]) =>
      (await profileAs(who)).packages.flatMap((item) => item.eventTypes.map((tag) => tag.name));
    await db.delete(packageEventTypes).where(eq(packageEventTypes.packageId, offering!.id));
    await db.insert(packageEventTypes).values({ packageId: offering!.id, tagId: eventType!.id });
    await eventually(async () => (await eventTypesOf("owner")).includes(eventType!.name));
    await db.execute(sql`update tags set name = name || ' (renamed)' where id = ${eventType!.id}`);
    await eventually(async () => (await eventTypesOf("planner")).includes(`${eventType!.name} (renamed)`));
    await db.execute(sql`update tags set name = ${eventType!.name} where id = ${eventType!.id}`);
  });

  it("keep the page's curated title, which changes with its entry and with the act's address", async () => {
    const db = server.database.db;
    const store = await createTaggedStore(server.database, createLogger("silent"));
    const curated = async (url: string) => (await getActProfilePage(db, url, null, store)).curatedSeo;
    const shows = async (url: string, title: string | null) =>
      eventually(async () => ((await curated(url))?.title ?? null) === title);
    await db.delete(seoEntries).where(eq(seoEntries.key, "the-velvet-tones"));
    await shows("the-velvet-tones", null);
    await db.insert(seoEntries).values({
      kind: "act",
      key: "the-velvet-tones",
      title: "The Velvet Tones, Chicago's soul band",
      description: "Book them for your wedding.",
    });
    await shows("the-velvet-tones", "The Velvet Tones, Chicago's soul band");
    expect(await curated("the-velvet-tones")).toEqual({
      title: "The Velvet Tones, Chicago's soul band",
      description: "Book them for your wedding.",
    });
    await db
      .update(seoEntries)
      .set({ title: "The Velvet Tones, soul from Chicago" })
      .where(eq(seoEntries.key, "the-velvet-tones"));
    await shows("the-velvet-tones", "The Velvet Tones, soul from Chicago");
    // The entry is keyed by the act's address: at a new address the act has none of it.
    await db.update(acts).set({ url: "velvet-tones-moved" }).where(eq(acts.url, "the-velvet-tones"));
    await shows("velvet-tones-moved", null);
    await db.update(acts).set({ url: "the-velvet-tones" }).where(eq(acts.url, "velvet-tones-moved"));
    await shows("the-velvet-tones", "The Velvet Tones, soul from Chicago");
    await store.stop();
  });

  it("are read with the act's row in one statement: the row equals drizzle's own select of it, for every act", async () => {
    const db = server.database.db;
    // Give one act every kind of column a value: travel and takes as JSON, a decline, a manager.
    const [first] = await db.select({ id: acts.id }).from(acts).orderBy(acts.id).limit(1);
    await db
      .update(acts)
      .set({ travel: { free_miles: 20, cents_per_mile: 150 }, declineReason: "it's \\ 'quoted'" })
      .where(eq(acts.id, first!.id));
    const rows = await db.select().from(acts).orderBy(acts.id);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect((await loadActPage(db, row.url))?.act, row.url).toEqual(row);
    for (const missing of ["no-such-act", "it's", "a\0b", "\uD800"])
      expect(await loadActPage(db, missing)).toBeUndefined();
  });

  it("hold nothing private: what only the act's artist and admins see is read for each of them", async () => {
    await profileAs("owner");
    await profileAs("admin");
    const others = await Promise.all([profileAs("guest"), profileAs("planner"), profileAs("otherArtist")]);
    for (const seen of others) {
      expect(seen.pendingTagRequest).toBeUndefined();
      expect(seen.latestOffer).toBeUndefined();
      expect(seen.approvedPublicDocuments.map((doc) => doc.title)).not.toContain("Insurance Certificate");
    }
    expect((await profileAs("owner")).latestOffer).toBeDefined();
  });
});
