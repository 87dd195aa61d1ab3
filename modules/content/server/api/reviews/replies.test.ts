import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActProfile } from "#modules/acts/act-profile";
import { eq } from "drizzle-orm";
import { reviews } from "#modules/content/server/tables";
import { createPeerServer, createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";

let server: TestServer;
let reviewId: number;
beforeAll(async () => {
  server = await createTestServer();
  // A planner's review of a booking they had: Spring Gala booked The Velvet Tones, and has happened.
  const added = await post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "planner", {
    rating: 4,
    title: "Packed dance floor",
    body: "They read the room all night.",
    event_url: "spring-gala",
  });
  expect(added.status).toBe(201);
  reviewId = (await json<{ data: { id: number } }>(added)).data.id;
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const post = async (path: string, as: Who, body?: unknown) =>
  server.request(path, {
    method: "POST",
    cookie: await server.cookieFor(as),
    ...(body === undefined ? {} : { json: body }),
  });
const reviewOf = async (id: number) =>
  (await json<{ data: ActProfile }>(await server.request("/api/acts/the-velvet-tones"))).data.entertainerReviews.find(
    (review) => review.id === id,
  );
const notes = async (as: Who) =>
  (
    await json<{ data: { kind: string; body: string; link: string }[] }>(
      await server.request("/api/notifications", { cookie: await server.cookieFor(as) }),
    )
  ).data;

describe("the act answers a review", () => {
  it("its artist only: a guest 401, others 403, no such review 404, and nothing changes", async () => {
    const path = `/api/entertainer-reviews/reply/${reviewId}`;
    expect((await post(path, "guest", { body: "Thanks!" })).status).toBe(401);
    for (const who of ["planner", "otherArtist", "admin"] as const)
      expect((await post(path, who, { body: "Thanks!" })).status, who).toBe(403);
    expect((await post("/api/entertainer-reviews/reply/999999", "owner", { body: "Thanks!" })).status).toBe(404);
    expect((await reviewOf(reviewId))!.reply).toBeNull();
  });

  it("checks the answer: required, visible, at most 1000 characters", async () => {
    const path = `/api/entertainer-reviews/reply/${reviewId}`;
    for (const body of [{}, { body: "" }, { body: "   " }, { body: "\u200b" }]) {
      const refused = await post(path, "owner", body);
      expect(refused.status).toBe(422);
      expect((await json<{ errors: unknown }>(refused)).errors).toEqual({ body: ["Reply is required"] });
    }
    expect((await json<{ errors: unknown }>(await post(path, "owner", { body: "x".repeat(1001) }))).errors).toEqual({
      body: ["Must be 1000 characters or less"],
    });
    expect((await post(path, "owner", { body: "a\u0000b" })).status).toBe(422);
    expect((await reviewOf(reviewId))!.reply).toBeNull();
  });

  it("once, in public: 201, the reviewer is told, a second answer is 409", async () => {
    const path = `/api/entertainer-reviews/reply/${reviewId}`;
    const answered = await post(path, "owner", { body: "Thank you, it was a joy to play for you." });
    expect(answered.status).toBe(201);
    expect((await reviewOf(reviewId))!.reply).toEqual({
      body: "Thank you, it was a joy to play for you.",
      created_at: expect.any(String),
      edited_at: null,
    });
    expect(await notes("planner")).toContainEqual(
      expect.objectContaining({ kind: "review_reply", link: "/entertainment/the-velvet-tones#reviews" }),
    );
    const again = await post(path, "owner", { body: "Once more." });
    expect(again.status).toBe(409);
    expect((await reviewOf(reviewId))!.reply!.body).toBe("Thank you, it was a joy to play for you.");
  });

  it("its artist changes it within a day, and only then; nobody else may", async () => {
    const path = `/api/entertainer-reviews/reply/edit/${reviewId}`;
    expect((await post(path, "guest", { body: "Changed" })).status).toBe(401);
    for (const who of ["planner", "otherArtist", "admin"] as const)
      expect((await post(path, who, { body: "Changed" })).status, who).toBe(403);
    expect((await post("/api/entertainer-reviews/reply/edit/999999", "owner", { body: "Changed" })).status).toBe(404);
    expect((await json<{ errors: unknown }>(await post(path, "owner", { body: " " }))).errors).toEqual({
      body: ["Reply is required"],
    });
    expect((await reviewOf(reviewId))!.reply).toMatchObject({
      body: "Thank you, it was a joy to play for you.",
      edited_at: null,
    });
    const changed = await post(path, "owner", { body: "Thank you, Pat: it was a joy to play for you." });
    expect(changed.status).toBe(200);
    expect((await reviewOf(reviewId))!.reply).toEqual({
      body: "Thank you, Pat: it was a joy to play for you.",
      created_at: expect.any(String),
      edited_at: expect.any(String),
    });
    // A day later the answer stands as it is.
    await server.database.db
      .update(reviews)
      .set({ replyCreatedAt: new Date(Date.now() - 24 * 3_600_000 - 1000) })
      .where(eq(reviews.id, reviewId));
    const late = await post(path, "owner", { body: "Too late" });
    expect(late.status).toBe(409);
    expect((await json<{ message: string }>(late)).message).toBe(
      "An answer can be changed for a day after it is posted",
    );
    expect((await reviewOf(reviewId))!.reply!.body).toBe("Thank you, Pat: it was a joy to play for you.");
  });

  it("only an admin takes the answer down; then the act may answer again", async () => {
    const path = `/api/entertainer-reviews/reply/delete/${reviewId}`;
    expect((await post(path, "guest")).status).toBe(401);
    for (const who of ["planner", "otherArtist", "owner"] as const)
      expect((await post(path, who)).status, who).toBe(403);
    expect((await reviewOf(reviewId))!.reply).not.toBeNull();
    expect((await post(path, "admin")).status).toBe(200);
    expect((await reviewOf(reviewId))!.reply).toBeNull();
    expect((await post(path, "admin")).status).toBe(404);
    expect((await post(`/api/entertainer-reviews/reply/${reviewId}`, "owner", { body: "Thank you!" })).status).toBe(
      201,
    );
    expect((await post(`/api/entertainer-reviews/reply/edit/${reviewId}`, "owner", { body: "Thanks!" })).status).toBe(
      200,
    );
  });
});

describe("an admin adds a review", () => {
  it("saying why, which its label shows; the reason is checked", async () => {
    const path = "/api/entertainer-reviews/add-entertainer-review/the-velvet-tones";
    const review = { rating: 5, title: "A night to remember", body: "Wonderful.", reviewer_name: "Alex Guest" };
    const tooLong = await post(path, "admin", { ...review, reason: "x".repeat(256) });
    expect((await json<{ errors: unknown }>(tooLong)).errors).toEqual({ reason: ["Must be 255 characters or less"] });
    const added = await post(path, "admin", { ...review, reason: "From the act's former website" });
    expect(added.status).toBe(201);
    const id = (await json<{ data: { id: number } }>(added)).data.id;
    expect(await reviewOf(id)).toMatchObject({ source: "admin", source_note: "From the act's former website" });
    // The spec's call without a reason still adds one, labelled "Added by" alone.
    const plain = await post(path, "admin", { ...review, title: "Again" });
    expect(await reviewOf((await json<{ data: { id: number } }>(plain)).data.id)).toMatchObject({ source_note: null });
  });
});

describe("an admin removes a review", () => {
  it("with a reason that its reviewer and the act's artist read", async () => {
    expect(
      (
        await post(`/api/entertainer-reviews/delete-entertainer-review/${reviewId}`, "admin", {
          reason: "x".repeat(1001),
        })
      ).status,
    ).toBe(422);
    expect(await reviewOf(reviewId)).toBeDefined();
    const removed = await post(`/api/entertainer-reviews/delete-entertainer-review/${reviewId}`, "admin", {
      reason: "It names a guest in full.",
    });
    expect(removed.status).toBe(200);
    expect(await reviewOf(reviewId)).toBeUndefined();
    for (const who of ["planner", "owner"] as const) {
      const told = (await notes(who)).find((note) => note.kind === "review_removed");
      expect(told?.body, who).toBe(
        'An admin removed the review "Packed dance floor" of The Velvet Tones. The reason: It names a guest in full.',
      );
    }
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("answers sent at once to two servers", () => {
  it("one answer stands, the one the act reads back; every other is 409", async () => {
    const peer = await createPeerServer(server);
    try {
      const added = await post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "admin", {
        rating: 5,
        title: "Raced answers",
        body: "A review answered from two machines at once.",
        reviewer_name: "Robin Q.",
      });
      const id = (await json<{ data: { id: number } }>(added)).data.id;
      const cookie = await server.cookieFor("owner");
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, n) =>
          (n % 2 ? peer : server).request(`/api/entertainer-reviews/reply/${id}`, {
            method: "POST",
            cookie,
            json: { body: `Answer number ${n}` },
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, ...Array(11).fill(409)]);
      const winner = answers.findIndex((answer) => answer.status === 201);
      expect((await reviewOf(id))!.reply!.body).toBe(`Answer number ${winner}`);
    } finally {
      await peer.close();
    }
  });
});
