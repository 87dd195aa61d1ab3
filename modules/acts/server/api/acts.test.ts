import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActProfile } from "#modules/acts/act-profile";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const ROLES = ["guest", "planner", "otherArtist", "owner", "admin"] as const;

async function getAct(url: string, as: DemoUser | "guest") {
  return server.request(`/api/acts/${url}`, { cookie: await server.cookieFor(as) });
}
async function profile(url: string, as: DemoUser | "guest") {
  const response = await getAct(url, as);
  expect(response.status).toBe(200);
  return (await json<{ data: ActProfile }>(response)).data;
}

describe("GET /api/acts/{actUrl}", () => {
  it("an active act is visible to every role", async () => {
    for (const role of ROLES) expect((await getAct("the-velvet-tones", role)).status, role).toBe(200);
  });

  it.each([
    ["pending-act", { guest: 404, planner: 404, owner: 404, otherArtist: 200, admin: 200 }],
    ["draft-act", { guest: 404, planner: 404, owner: 404, otherArtist: 200, admin: 200 }],
    ["declined-act", { guest: 404, planner: 404, owner: 404, otherArtist: 200, admin: 200 }],
  ] as const)("%s is seen only by its manager (artist2) and admins", async (url, expected) => {
    // In these fixtures artist2 ("otherArtist") manages the inactive acts and artist@ ("owner") does not.
    for (const role of ROLES) expect((await getAct(url, role)).status, role).toBe(expected[role]);
    expect(await json(await getAct(url, "guest"))).toEqual({ message: "No such act", code: "not_found" });
  });

  it("an unknown act is 404", async () => {
    expect((await getAct("no-such-act", "admin")).status).toBe(404);
    expect((await getAct("..%2F..%2Fetc", "guest")).status).toBe(404);
  });

  it("admin-only fields are absent for everyone but admins", async () => {
    for (const role of ["guest", "planner", "otherArtist", "owner"] as const) {
      const act = await profile("the-velvet-tones", role);
      expect(act, role).not.toHaveProperty("additional_info");
      expect(act, role).not.toHaveProperty("decline_reason");
      expect(act, role).not.toHaveProperty("manager");
    }
    const act = await profile("the-velvet-tones", "admin");
    expect(act.additional_info).toContain("load-in");
    expect(act.manager).toMatchObject({
      email: "artist@example.com",
      role: "ARTIST",
      w9_received: true,
      direct_deposit_received: false,
    });
    expect((await profile("declined-act", "admin")).decline_reason).toBe(
      "Photos and videos do not show a live performance.",
    );
  });

  it("the latest offer is for the manager and admins", async () => {
    for (const role of ["guest", "planner", "otherArtist"] as const) {
      expect(await profile("the-velvet-tones", role), role).not.toHaveProperty("latestOffer");
    }
    const owner = await profile("the-velvet-tones", "owner");
    expect(Date.parse(owner.latestOffer!.date_time_posted)).toBeLessThan(Date.now());
    expect((await profile("the-velvet-tones", "admin")).latestOffer).toEqual(owner.latestOffer);
    expect((await profile("dj-nova", "admin")).latestOffer).toBeNull();
  });

  it("carries every section of the demo act", async () => {
    const act = await profile("the-velvet-tones", "guest");
    expect(act).toMatchObject({
      name: "The Velvet Tones",
      location: "Chicago, IL",
      additionalLocations: [{ location: "Milwaukee, WI" }, { location: "Indianapolis, IN" }],
      is_featured: 1,
      musical: true,
      status: { label: "Approved", color: "green" },
      viewer: { isManager: false, canManage: false, isAdmin: false },
    });
    expect(act.genres.map((tag) => tag.name)).toEqual(["Funk", "Motown", "Soul"]);
    expect(act.images).toHaveLength(6);
    expect(act.videos).toHaveLength(2);
    expect(act.packages.map((item) => item.rank)).toEqual([1, 2, 3]);
    expect(act.packages[2]!.eventTypes.map((tag) => tag.name)).toEqual(["Corporate Event"]);
    expect(act.testimonials.map((item) => item.rank)).toEqual([1, 2, 3]);
    expect(act.approvedPublicDocuments.map((doc) => doc.title)).toEqual(["Stage Plot", "Song List"]);
    expect(act.social.facebook).toBe("https://www.facebook.com/thevelvettones");
    expect(act.social.twitter).toBeNull();
  });

  it("summarises 12 reviews newest first, hiding names not allowed to show", async () => {
    const act = await profile("the-velvet-tones", "guest");
    expect(act.reviewSummary).toEqual({ average: 4, count: 12, distribution: { 1: 1, 2: 1, 3: 1, 4: 3, 5: 6 } });
    const dates = act.entertainerReviews.map((review) => Date.parse(review.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(act.entertainerReviews.filter((review) => review.reviewer_name === null)).toHaveLength(1);
  });

  it("an empty act has every list empty and no rating", async () => {
    const act = await profile("dj-nova", "planner");
    expect(act).toMatchObject({
      images: [],
      videos: [],
      packages: [],
      testimonials: [],
      entertainerReviews: [],
      approvedPublicDocuments: [],
    });
    expect(act.reviewSummary).toEqual({ average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });

  it("tells the caller what they may do", async () => {
    expect((await profile("dj-nova", "owner")).viewer).toEqual({ isManager: true, canManage: true, isAdmin: false });
    expect((await profile("dj-nova", "admin")).viewer).toEqual({ isManager: false, canManage: true, isAdmin: true });
    expect((await profile("keynote-kim", "guest")).status.label).toBe("Approved");
    expect((await profile("pending-act", "admin")).status).toMatchObject({
      label: "Pending Approval",
      color: "yellow",
    });
    expect((await profile("draft-act", "admin")).status).toMatchObject({ label: "Draft", color: "gray" });
    expect((await profile("declined-act", "admin")).status).toMatchObject({ label: "Declined", color: "red" });
  });
});
