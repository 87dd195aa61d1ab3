import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, json, type DemoUser, type TestServer } from "../../tests/setup/api-harness";
import { eventually } from "../../tests/setup/eventually";
import { acts, images, packageEventTypes, packages, seoEntries, tags } from "../db/schema";
import { getActProfilePage } from "./acts";

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
const profileAs = async (who: DemoUser | "guest") => (await json<{ data: Profile }>(await server.get("/api/acts/the-velvet-tones", who))).data;
const version = async () => (await server.database.db.select({ v: acts.sectionsVersion }).from(acts).where(eq(acts.url, "the-velvet-tones")))[0]!.v;
const ROLES = ["guest", "planner", "otherArtist", "owner", "admin"] as const;

describe("an act's sections kept in memory", () => {
  it("a write by one role shows at once to every role, however often the profile was read before", async () => {
    for (const who of ROLES) await profileAs(who);
    for (const who of ROLES) await profileAs(who);
    const before = await version();
    expect((await server.post("/api/testimonials/add-testimonial/the-velvet-tones", "owner", { name: "Kept Copy Test", content: "Seen by all at once." })).status).toBe(200);
    expect(await version()).toBeGreaterThan(before);
    for (const who of ROLES)
      expect(
        (await profileAs(who)).testimonials.map((item) => item.name),
        who,
      ).toContain("Kept Copy Test");
  });

  it("every table the sections read raises the version, tag renames included", async () => {
    const db = server.database.db;
    const [act] = await db.select({ id: acts.id }).from(acts).where(eq(acts.url, "the-velvet-tones"));
    let last = await version();
    const raised = async (what: string) => {
      const now = await version();
      expect(now, what).toBeGreaterThan(last);
      last = now;
    };
    await db.insert(images).values({ actId: act!.id, path: "uploads/kept-copy.png" });
    await raised("an image");
    // Written straight into the database, as by another server: this server's kept row of the act
    // hears of it through PostgreSQL's notification, a moment after the commit.
    await eventually(async () => (await profileAs("guest")).images.some((image) => image.path === "uploads/kept-copy.png"));
    const [offering] = await db.select({ id: packages.id }).from(packages).where(eq(packages.actId, act!.id)).limit(1);
    const [eventType] = await db.select({ id: tags.id, name: tags.name }).from(tags).where(eq(tags.type, "Event Type")).limit(1);
    await db.delete(packageEventTypes).where(eq(packageEventTypes.packageId, offering!.id));
    await raised("an offering's event types");
    await db.insert(packageEventTypes).values({ packageId: offering!.id, tagId: eventType!.id });
    await raised("an offering's event type added");
    await db.execute(sql`update tags set name = name || ' (renamed)' where id = ${eventType!.id}`);
    await raised("a tag's new name");
    await eventually(async () => (await profileAs("planner")).packages.some((item) => item.eventTypes.some((tag) => tag.name === `${eventType!.name} (renamed)`)));
    await db.execute(sql`update tags set name = ${eventType!.name} where id = ${eventType!.id}`);
  });

  it("keep the page's curated title, which changes with its entry and with the act's address", async () => {
    const db = server.database.db;
    const curated = async (url: string) => (await getActProfilePage(db, url, null)).curatedSeo;
    await db.delete(seoEntries).where(eq(seoEntries.key, "the-velvet-tones"));
    expect(await curated("the-velvet-tones")).toBeNull();
    const before = await version();
    await db.insert(seoEntries).values({ kind: "act", key: "the-velvet-tones", title: "The Velvet Tones, Chicago's soul band", description: "Book them for your wedding." });
    expect(await version()).toBeGreaterThan(before);
    expect(await curated("the-velvet-tones")).toEqual({ title: "The Velvet Tones, Chicago's soul band", description: "Book them for your wedding." });
    await db.update(seoEntries).set({ title: "The Velvet Tones, soul from Chicago" }).where(eq(seoEntries.key, "the-velvet-tones"));
    expect((await curated("the-velvet-tones"))?.title).toBe("The Velvet Tones, soul from Chicago");
    // The entry is keyed by the act's address: at a new address the act has none of it.
    await db.update(acts).set({ url: "velvet-tones-moved" }).where(eq(acts.url, "the-velvet-tones"));
    expect(await curated("velvet-tones-moved")).toBeNull();
    await db.update(acts).set({ url: "the-velvet-tones" }).where(eq(acts.url, "velvet-tones-moved"));
    expect((await curated("the-velvet-tones"))?.title).toBe("The Velvet Tones, soul from Chicago");
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
