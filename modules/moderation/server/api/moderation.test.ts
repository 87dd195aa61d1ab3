import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActProfile } from "#modules/acts/act-profile";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const post = async (path: string, as: Who, body?: unknown) =>
  server.request(path, {
    method: "POST",
    cookie: await server.cookieFor(as),
    ...(body === undefined ? {} : { json: body }),
  });
const profile = async (url: string, as: Who = "admin") =>
  (await json<{ data: ActProfile }>(await server.request(`/api/acts/${url}`, { cookie: await server.cookieFor(as) })))
    .data;
const tagIds = async (...names: string[]) => {
  const { data } = await json<{ data: { id: number; name: string }[] }>(await server.request("/api/tags"));
  return names.map((name) => data.find((tag) => tag.name === name)!.id);
};

/** Everyone but an admin is refused, and nothing changes. */
async function expectAdminOnly(path: string, body?: unknown) {
  expect((await post(path, "guest", body)).status).toBe(401);
  for (const who of ["planner", "owner", "otherArtist"] as const) {
    const response = await post(path, who, body);
    expect(response.status, who).toBe(403);
    expect(await response.json()).toMatchObject({ code: "forbidden" });
  }
}

describe("approve and decline", () => {
  it("only admins may set the status", async () => {
    await expectAdminOnly("/api/acts/set-status/pending-act", { status: "approved" });
    expect((await profile("pending-act")).status.label).toBe("Pending Approval");
  });

  it("an admin approves a pending act; guests can then see it; approving again is 409", async () => {
    expect((await server.request("/api/acts/pending-act")).status).toBe(404);
    const response = await post("/api/acts/set-status/pending-act", "admin", { status: "approved" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { name: "Pending Act", message: "Pending Act Approved" } });
    expect((await server.request("/api/acts/pending-act")).status).toBe(200);
    expect((await post("/api/acts/set-status/pending-act", "admin", { status: "approved" })).status).toBe(409);
  });

  it("decline keeps an optional reason up to 1000 characters; declining twice is 409", async () => {
    const long = await post("/api/acts/set-status/draft-act", "admin", {
      status: "declined",
      decline_reason: "x".repeat(1001),
    });
    expect(long.status).toBe(422);
    expect((await json<{ errors: unknown }>(long)).errors).toEqual({
      decline_reason: ["Must be 1000 characters or less"],
    });
    const ok = await post("/api/acts/set-status/draft-act", "admin", {
      status: "declined",
      decline_reason: "No live footage.",
    });
    expect(ok.status).toBe(200);
    const act = await profile("draft-act");
    expect(act.decline_reason).toBe("No live footage.");
    expect(act.history?.[0]).toMatchObject({
      action: "decline",
      actor: "Avery Admin",
      after: { declined: true, decline_reason: "No live footage." },
    });
    // A draft stays a draft when declined: only the reason changes, in people's words.
    expect(act.history?.[0]?.changes).toEqual([{ field: "Decline reason", before: "—", after: "No live footage." }]);
    expect((await post("/api/acts/set-status/draft-act", "admin", { status: "declined" })).status).toBe(409);
  });

  it("a declined act's artist fixes it and sends it again; it waits for an admin, and its history says so", async () => {
    const declined = await post("/api/acts/set-status/the-velvet-tones", "admin", {
      status: "declined",
      decline_reason: "Add a video of a full set.",
    });
    expect(declined.status).toBe(200);
    expect((await profile("the-velvet-tones", "owner")).status.key).toBe("declined");
    const path = "/api/acts/submit-application/the-velvet-tones";
    // An act missing what the checklist asks cannot be sent again until it is fixed.
    const bare = await post("/api/acts/set-status/dj-nova", "admin", { status: "declined" });
    expect(bare.status).toBe(200);
    const refused = await post("/api/acts/submit-application/dj-nova", "owner");
    expect(refused.status).toBe(409);
    expect((await json<{ message: string }>(refused)).message).toMatch(/^Before you submit, add: a headline;/);
    expect((await post("/api/acts/set-status/dj-nova", "admin", { status: "approved" })).status).toBe(200);
    expect((await post(path, "guest")).status).toBe(401);
    // A declined act is hidden from everyone but its artist and admins: to others it is not there.
    for (const who of ["planner", "otherArtist"] as const) expect((await post(path, who)).status, who).toBe(404);
    expect((await profile("the-velvet-tones", "owner")).status.key).toBe("declined");
    const again = await post(path, "owner");
    expect(again.status, await again.clone().text()).toBe(200);
    expect(await json(again)).toEqual({
      data: { message: "Sent again for approval: an admin will look at it again" },
    });
    const act = await profile("the-velvet-tones");
    expect(act.status.key).toBe("pending");
    expect(act.history?.[0]).toMatchObject({ action: "resubmit", label: "Submitted again after a decline" });
    expect((await post(path, "owner")).status).toBe(409);
    expect((await post("/api/acts/set-status/the-velvet-tones", "admin", { status: "approved" })).status).toBe(200);
  });

  it("refuses a bad status and an unknown act", async () => {
    const maybe = await post("/api/acts/set-status/dj-nova", "admin", { status: "maybe" });
    expect(maybe.status).toBe(422);
    expect((await json<{ errors: unknown }>(maybe)).errors).toEqual({
      status: ["Status must be approved or declined"],
    });
    expect((await post("/api/acts/set-status/dj-nova", "admin", { status: 7 })).status).toBe(400);
    expect((await post("/api/acts/set-status/dj-nova", "admin", [])).status).toBe(400);
    expect((await post("/api/acts/set-status/no-such-act", "admin", { status: "approved" })).status).toBe(404);
  });
});

describe("payout marks", () => {
  it("an admin marks an artist's W-9 and direct deposit as received; nobody else may; only artists have them", async () => {
    const path = "/api/users/artist/payout-marks";
    const marks = { w9_received: true, direct_deposit_received: false };
    await expectAdminOnly(path, marks);
    // A value of the wrong type is a malformed request; a missing one is named.
    expect((await post(path, "admin", { ...marks, w9_received: "yes" })).status).toBe(400);
    expect((await json<{ errors: unknown }>(await post(path, "admin", {}))).errors).toEqual({
      w9_received: ["Must be true or false"],
      direct_deposit_received: ["Must be true or false"],
    });
    expect((await post("/api/users/no-such-account/payout-marks", "admin", marks)).status).toBe(404);
    const planner = await post("/api/users/planner/payout-marks", "admin", marks);
    expect(planner.status).toBe(409);
    expect((await json<{ message: string }>(planner)).message).toBe("Payout marks are for artist accounts");
    const set = await post(path, "admin", marks);
    expect(await json(set)).toEqual({ data: marks });
    expect((await profile("the-velvet-tones")).manager).toMatchObject(marks);
    expect((await post(path, "admin", { w9_received: true, direct_deposit_received: true })).status).toBe(200);
    expect((await profile("the-velvet-tones")).manager).toMatchObject({ direct_deposit_received: true });
  });
});

describe("reassign", () => {
  it("only admins; needs an ARTIST account", async () => {
    await expectAdminOnly("/api/acts/reassign/keynote-kim", { act: "artist" });
    const missing = await post("/api/acts/reassign/keynote-kim", "admin", {});
    expect(missing.status).toBe(422);
    expect((await json<{ errors: unknown }>(missing)).errors).toEqual({ act: ["Entertainer Account is required"] });
    // A planner's account is not an entertainer account.
    expect((await post("/api/acts/reassign/keynote-kim", "admin", { act: "planner" })).status).toBe(422);
  });

  it("moves the act to the new artist and clears the internal-use-only mark", async () => {
    expect((await profile("keynote-kim")).internal_use_only).toBe(true);
    const response = await post("/api/acts/reassign/keynote-kim", "admin", { act: "artist" });
    expect(response.status).toBe(200);
    const act = await profile("keynote-kim");
    expect(act.internal_use_only).toBe(false);
    expect(act.manager?.email).toBe("artist@example.com");
    expect((await profile("keynote-kim", "owner")).viewer.isManager).toBe(true);
    expect((await profile("keynote-kim", "otherArtist")).viewer.isManager).toBe(false);
    expect(act.history?.[0]).toMatchObject({
      action: "reassign",
      before: { manager: "artist2", internal_use_only: true },
      after: { manager: "artist", internal_use_only: false },
    });
    expect(act.history?.[0]?.changes).toEqual([
      { field: "Manager", before: "Sam Artist", after: "Riley Artist" },
      { field: "Internal use only", before: "Yes", after: "No" },
    ]);
  });

  it("GET /api/users/artists lists ARTIST accounts for admins only", async () => {
    const { data } = await json<{ data: { url: string }[] }>(
      await server.request("/api/users/artists?searchTerms=Riley", { cookie: await server.cookieFor("admin") }),
    );
    expect(data.map((user) => user.url)).toEqual(["artist"]);
    expect((await server.request("/api/users/artists", { cookie: await server.cookieFor("owner") })).status).toBe(403);
    expect((await server.request("/api/users/artists")).status).toBe(401);
  });
});

describe("flags", () => {
  it("feature only an active act, with the spec's message", async () => {
    await expectAdminOnly("/api/act/toggleFeature/dj-nova", { is_featured: 1 });
    const on = await post("/api/act/toggleFeature/dj-nova", "admin", { is_featured: 1 });
    expect(await on.json()).toEqual({ data: { is_featured: 1, message: "DJ Nova is now a Featured Entertainer" } });
    const off = await post("/api/act/toggleFeature/dj-nova", "admin", { is_featured: 0 });
    expect(await off.json()).toEqual({
      data: { is_featured: 0, message: "DJ Nova is no longer a Featured Entertainer" },
    });
    const inactive = await post("/api/act/toggleFeature/declined-act", "admin", { is_featured: 1 });
    expect(inactive.status).toBe(409);
    expect(await inactive.json()).toEqual({ message: "Only an approved act can be featured", code: "conflict" });
    expect((await post("/api/act/toggleFeature/dj-nova", "admin", { is_featured: 2 })).status).toBe(400);
  });

  it("nationally recognized and internal use only flip, with their messages", async () => {
    await expectAdminOnly("/api/acts/toggle-nationally-recognized/dj-nova");
    await expectAdminOnly("/api/acts/toggle-internal-use-only/dj-nova");
    expect(
      (await json<{ data: { message: string } }>(await post("/api/acts/toggle-nationally-recognized/dj-nova", "admin")))
        .data.message,
    ).toBe("DJ Nova marked as Nationally Recognized");
    expect(
      (await json<{ data: { message: string } }>(await post("/api/acts/toggle-nationally-recognized/dj-nova", "admin")))
        .data.message,
    ).toBe("DJ Nova unmarked as Nationally Recognized");
    expect(
      (await json<{ data: { message: string } }>(await post("/api/acts/toggle-internal-use-only/dj-nova", "admin")))
        .data.message,
    ).toBe('DJ Nova marked as "For Internal Use Only"');
    expect((await profile("dj-nova")).internal_use_only).toBe(true);
    expect(
      (await json<{ data: { message: string } }>(await post("/api/acts/toggle-internal-use-only/dj-nova", "admin")))
        .data.message,
    ).toBe('DJ Nova unmarked as "For Internal Use Only"');
  });
});

describe("tags", () => {
  it("admins edit tags directly; the rules and messages of the shared schema apply", async () => {
    const body = {
      musical: true,
      genres: await tagIds("Jazz", "Swing"),
      "song-types": await tagIds("Background Music"),
      "band-setups": await tagIds("Trio"),
    };
    await expectAdminOnly("/api/acts/edit-tags/dj-nova", body);
    const empty = await post("/api/acts/edit-tags/dj-nova", "admin", {
      musical: true,
      genres: [],
      "song-types": [],
      "band-setups": [],
    });
    expect(empty.status).toBe(422);
    expect((await json<{ errors: unknown }>(empty)).errors).toEqual({
      genres: ["At least one Genre must be selected"],
      "song-types": ["At least one Set Type must be selected"],
      "band-setups": ["At least one Group Size must be selected"],
    });
    const six = await post("/api/acts/edit-tags/dj-nova", "admin", {
      ...body,
      genres: await tagIds("Jazz", "Swing", "Rock", "Pop", "Soul", "Funk"),
    });
    expect((await json<{ errors: unknown }>(six)).errors).toEqual({ genres: ["Cannot add more than 5 Genres"] });
    const wrongType = await post("/api/acts/edit-tags/dj-nova", "admin", { ...body, genres: await tagIds("Trio") });
    expect(wrongType.status).toBe(422);
    expect((await post("/api/acts/edit-tags/dj-nova", "admin", body)).status).toBe(200);
    expect((await profile("dj-nova")).genres.map((tag) => tag.name)).toEqual(["Jazz", "Swing"]);
  });

  it("the act's artist (or an admin) requests, sees and cancels a request; one pending at a time", async () => {
    const body = {
      musical: true,
      genres: await tagIds("Pop"),
      "song-types": await tagIds("Dance Music"),
      "band-setups": await tagIds("DJ"),
    };
    for (const who of ["guest", "planner", "otherArtist"] as const) {
      expect((await post("/api/acts/request-to-update-tags/dj-nova", who, body)).status, who).toBe(
        who === "guest" ? 401 : 403,
      );
    }
    expect((await post("/api/acts/request-to-update-tags/dj-nova", "owner", body)).status).toBe(200);
    expect((await post("/api/acts/request-to-update-tags/dj-nova", "owner", body)).status).toBe(409);
    const list = await json<{ data: { tags: { name: string }[] }[] }>(
      await server.request("/api/acts/get-tag-update-requests/dj-nova", { cookie: await server.cookieFor("owner") }),
    );
    expect(list.data[0]!.tags.map((tag) => tag.name)).toEqual(["DJ", "Dance Music", "Pop"]);
    expect(
      (await server.request("/api/acts/get-tag-update-requests/dj-nova", { cookie: await server.cookieFor("planner") }))
        .status,
    ).toBe(403);
    expect((await post("/api/acts/cancel-tag-update-request/dj-nova", "otherArtist")).status).toBe(403);
    expect(await (await post("/api/acts/cancel-tag-update-request/dj-nova", "owner")).json()).toEqual({
      data: { message: "Request Canceled" },
    });
    expect((await post("/api/acts/cancel-tag-update-request/dj-nova", "owner")).status).toBe(409);
    // Admins have every artist ability (admins have every artist ability): they may ask and cancel too.
    expect((await post("/api/acts/request-to-update-tags/dj-nova", "admin", body)).status).toBe(200);
    expect((await post("/api/acts/request-to-update-tags/dj-nova", "owner", body)).status).toBe(409);
    expect(await (await post("/api/acts/cancel-tag-update-request/dj-nova", "admin")).json()).toEqual({
      data: { message: "Request Canceled" },
    });
  });

  it("an admin accepts a request (the act takes its tags) or declines one", async () => {
    const body = {
      musical: true,
      genres: await tagIds("Pop", "Top 40"),
      "song-types": await tagIds("Dance Music"),
      "band-setups": await tagIds("DJ"),
    };
    expect((await post("/api/acts/accept-tag-update-request/dj-nova", "admin")).status).toBe(409);
    await post("/api/acts/request-to-update-tags/dj-nova", "owner", body);
    await expectAdminOnly("/api/acts/accept-tag-update-request/dj-nova");
    expect((await profile("dj-nova", "owner")).pendingTagRequest?.tags).toHaveLength(4);
    expect(await (await post("/api/acts/accept-tag-update-request/dj-nova", "admin")).json()).toEqual({
      data: { message: "Request Accepted" },
    });
    const act = await profile("dj-nova");
    expect(act.genres.map((tag) => tag.name)).toEqual(["Pop", "Top 40"]);
    expect(act.pendingTagRequest).toBeNull();
    expect((await post("/api/acts/accept-tag-update-request/dj-nova", "admin")).status).toBe(409);

    await post("/api/acts/request-to-update-tags/dj-nova", "owner", { ...body, genres: await tagIds("Rock") });
    expect(await (await post("/api/acts/decline-tag-update-request/dj-nova", "admin")).json()).toEqual({
      data: { message: "Request Declined" },
    });
    expect((await profile("dj-nova")).genres.map((tag) => tag.name)).toEqual(["Pop", "Top 40"]);
  });

  it("a non-musical act picks at most 5 variety and speaker tags", async () => {
    const six = await tagIds(
      "Emcee",
      "Keynote Speaker",
      "Motivational Speaker",
      "Panel Moderator",
      "Workshop Facilitator",
      "Magician",
    );
    const tooMany = await post("/api/acts/edit-tags/keynote-kim", "admin", { musical: false, tags: six });
    expect((await json<{ errors: unknown }>(tooMany)).errors).toEqual({ tags: ["Cannot add more than 5 Tags"] });
    expect(
      (await post("/api/acts/edit-tags/keynote-kim", "admin", { musical: false, tags: six.slice(0, 5) })).status,
    ).toBe(200);
    const act = await profile("keynote-kim");
    expect(act.speakerTypes).toHaveLength(5);
    expect(
      (await post("/api/acts/edit-tags/keynote-kim", "admin", { musical: false, tags: await tagIds("Jazz") })).status,
    ).toBe(422);
  });
});

describe("reviews", () => {
  it("an admin adds a review with a reviewer name; the spec's messages", async () => {
    const empty = await post("/api/entertainer-reviews/add-entertainer-review/dj-nova", "admin", {});
    expect(empty.status).toBe(422);
    expect((await json<{ errors: unknown }>(empty)).errors).toEqual({
      rating: ["Rating is required"],
      title: ["Review Title is required"],
      body: ["Review is required"],
      reviewer_name: ["Reviewer Name is required"],
    });
    const long = await post("/api/entertainer-reviews/add-entertainer-review/dj-nova", "admin", {
      rating: 5,
      title: "t",
      body: "b",
      reviewer_name: "x".repeat(51),
    });
    expect((await json<{ errors: unknown }>(long)).errors).toEqual({
      reviewer_name: ["Must be 50 characters or less"],
    });
    const ok = await post("/api/entertainer-reviews/add-entertainer-review/dj-nova", "admin", {
      rating: 4,
      title: "Great DJ",
      body: "Kept the floor busy.",
      reviewer_name: "Alex P.",
    });
    expect(ok.status).toBe(201);
    const act = await profile("dj-nova", "guest");
    expect(act.reviewSummary).toMatchObject({ average: 4, count: 1 });
    expect(act.entertainerReviews[0]).toMatchObject({
      title: "Great DJ",
      reviewer_name: "Alex P.",
      source: "admin",
      event_type: null,
      event_month: null,
    });
  });

  it("artists and guests may not add reviews", async () => {
    const body = { rating: 5, title: "t", body: "b", reviewer_name: "n" };
    expect((await post("/api/entertainer-reviews/add-entertainer-review/dj-nova", "guest", body)).status).toBe(401);
    expect((await post("/api/entertainer-reviews/add-entertainer-review/dj-nova", "owner", body)).status).toBe(403);
  });

  it("only admins delete reviews", async () => {
    const [review] = (await profile("dj-nova")).entertainerReviews;
    await expectAdminOnly(`/api/entertainer-reviews/delete-entertainer-review/${review!.id}`);
    expect(
      await (await post(`/api/entertainer-reviews/delete-entertainer-review/${review!.id}`, "admin")).json(),
    ).toEqual({ data: { message: "Review deleted" } });
    expect((await profile("dj-nova")).entertainerReviews).toHaveLength(0);
    expect((await post(`/api/entertainer-reviews/delete-entertainer-review/${review!.id}`, "admin")).status).toBe(404);
    expect((await post("/api/entertainer-reviews/delete-entertainer-review/abc", "admin")).status).toBe(400);
  });
});
