import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import type { ActProfile } from "#modules/acts/act-profile";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const post = (path: string, as: Who, body?: unknown) => server.post(path, as, body);
const profile = async (url = "the-velvet-tones") =>
  (
    await json<{ data: ActProfile }>(
      await server.request(`/api/acts/${url}`, { cookie: await server.cookieFor("admin") }),
    )
  ).data;
const errorsOf = async (response: Response) => (await json<{ errors: Record<string, string[]> }>(response)).errors;

/** Guests 401; planners and other artists 403 (or 404 where the act is hidden from them). */
async function expectManagersOnly(path: string, body: unknown) {
  expect((await post(path, "guest", body)).status).toBe(401);
  for (const who of ["planner", "otherArtist"] as const) expect((await post(path, who, body)).status, who).toBe(403);
}

describe("testimonials", () => {
  const testimonial = {
    name: "Dana Lee",
    organization: "Lakeside Club",
    org_position: "Manager",
    content: "Wonderful night.",
  };

  it("the act's artist and admins add them; others are refused and nothing changes", async () => {
    await expectManagersOnly("/api/testimonials/add-testimonial/the-velvet-tones", testimonial);
    expect((await profile()).testimonials).toHaveLength(3);
    expect((await post("/api/testimonials/add-testimonial/the-velvet-tones", "owner", testimonial)).status).toBe(200);
    expect(
      (await post("/api/testimonials/add-testimonial/the-velvet-tones", "admin", { ...testimonial, name: "By Admin" }))
        .status,
    ).toBe(200);
    expect((await profile()).testimonials.map((item) => [item.name, item.rank])).toEqual([
      ["Laura Chen", 1],
      ["Marcus Hill", 2],
      ["Sofia Alvarez", 3],
      ["Dana Lee", 4],
      ["By Admin", 5],
    ]);
  });

  it("gives the spec's messages", async () => {
    expect(await errorsOf(await post("/api/testimonials/add-testimonial/the-velvet-tones", "owner", {}))).toEqual({
      name: ["Name is required"],
      content: ["Description is required"],
    });
    const long = await post("/api/testimonials/add-testimonial/the-velvet-tones", "owner", {
      name: "x".repeat(256),
      organization: "x".repeat(256),
      org_position: "x".repeat(256),
      content: "x".repeat(1001),
    });
    expect(await errorsOf(long)).toEqual({
      name: ["Must be 255 characters or less"],
      organization: ["Must be 255 characters or less"],
      org_position: ["Must be 255 characters or less"],
      content: ["Must be 1000 characters or less"],
    });
    expect(
      (await post("/api/testimonials/add-testimonial/the-velvet-tones", "owner", { name: 5, content: true })).status,
    ).toBe(400);
  });

  it("edits and deletes, closing the gap in ranks", async () => {
    const [first] = (await profile()).testimonials;
    await expectManagersOnly(`/api/testimonials/edit-testimonial/${first!.id}`, testimonial);
    expect(
      (await post(`/api/testimonials/edit-testimonial/${first!.id}`, "owner", { ...testimonial, name: "Laura C." }))
        .status,
    ).toBe(200);
    expect((await profile()).testimonials[0]!.name).toBe("Laura C.");
    await expectManagersOnly(`/api/testimonials/delete-testimonial/${first!.id}`, {});
    expect(await (await post(`/api/testimonials/delete-testimonial/${first!.id}`, "owner")).json()).toEqual({
      data: { message: "Testimonial deleted" },
    });
    expect((await profile()).testimonials.map((item) => item.rank)).toEqual([1, 2, 3, 4]);
    expect((await post(`/api/testimonials/delete-testimonial/${first!.id}`, "owner")).status).toBe(404);
    expect((await post("/api/testimonials/edit-testimonial/999999", "owner", testimonial)).status).toBe(404);
  });

  it("reorders all of one act's testimonials, refusing partial lists and other acts' ids", async () => {
    const ids = (await profile()).testimonials.map((item) => item.id);
    const reversed = [...ids].reverse().map((id, index) => ({ id, rank: index + 1 }));
    await expectManagersOnly("/api/testimonials/order-testimonial", { order: reversed });
    expect(
      await errorsOf(
        await post("/api/testimonials/order-testimonial", "owner", {
          order: reversed.slice(1).map((item, index) => ({ ...item, rank: index + 1 })),
        }),
      ),
    ).toEqual({
      order: ["The order must list every item of one act exactly once"],
    });
    expect(
      (
        await post("/api/testimonials/order-testimonial", "owner", {
          order: [
            { id: ids[0], rank: 2 },
            { id: ids[1], rank: 2 },
          ],
        })
      ).status,
    ).toBe(422);
    expect((await post("/api/testimonials/order-testimonial", "owner", { order: reversed })).status).toBe(200);
    expect((await profile()).testimonials.map((item) => item.id)).toEqual([...ids].reverse());
    // Another act's testimonial cannot be slipped into the list.
    await post("/api/testimonials/add-testimonial/dj-nova", "owner", testimonial);
    const foreign = (await profile("dj-nova")).testimonials[0]!.id;
    expect(
      (
        await post("/api/testimonials/order-testimonial", "owner", {
          order: [...reversed, { id: foreign, rank: reversed.length + 1 }],
        })
      ).status,
    ).toBe(422);
  });
});

describe("offerings", () => {
  let weddingId: number;
  let corporateId: number;

  beforeAll(async () => {
    const { data } = await json<{ data: { id: number; name: string; type: string }[] }>(
      await server.request("/api/tags"),
    );
    weddingId = data.find((tag) => tag.name === "Wedding")!.id;
    corporateId = data.find((tag) => tag.name === "Corporate Event")!.id;
  });

  it("adds one with event types; the spec's messages; only Event Type tags", async () => {
    const offering = { title: "Cocktail Trio", description: "Jazz standards.", eventTypes: [weddingId] };
    await expectManagersOnly("/api/packages/create/the-velvet-tones", offering);
    expect(
      await errorsOf(
        await post("/api/packages/create/the-velvet-tones", "owner", { title: "", description: "", eventTypes: [] }),
      ),
    ).toEqual({
      title: ["Title is required"],
      description: ["Description is required"],
      eventTypes: ["At least one Event Type must be selected"],
    });
    expect(
      await errorsOf(
        await post("/api/packages/create/the-velvet-tones", "owner", { ...offering, description: "x".repeat(751) }),
      ),
    ).toEqual({ description: ["Must be 750 characters or less"] });
    expect(
      (await post("/api/packages/create/the-velvet-tones", "owner", { ...offering, eventTypes: [1] })).status,
    ).toBe(422);
    expect((await post("/api/packages/create/the-velvet-tones", "owner", offering)).status).toBe(200);
    const packages = (await profile()).packages;
    expect(packages.map((item) => item.rank)).toEqual([1, 2, 3, 4]);
    expect(packages[3]).toMatchObject({ title: "Cocktail Trio", eventTypes: [{ name: "Wedding" }] });
  });

  it("edits one under its own act only", async () => {
    const last = (await profile()).packages.at(-1)!;
    const body = { title: "Cocktail Quartet", description: "Now with bass.", eventTypes: [weddingId, corporateId] };
    await expectManagersOnly(`/api/packages/edit-package/the-velvet-tones/${last.id}`, body);
    expect((await post(`/api/packages/edit-package/dj-nova/${last.id}`, "owner", body)).status).toBe(404);
    expect((await post(`/api/packages/edit-package/the-velvet-tones/${last.id}`, "owner", body)).status).toBe(200);
    expect((await profile()).packages.at(-1)).toMatchObject({
      title: "Cocktail Quartet",
      eventTypes: [{ name: "Corporate Event" }, { name: "Wedding" }],
    });
  });

  it("soft-deletes with the spec's message and reorders the rest", async () => {
    const [first] = (await profile()).packages;
    await expectManagersOnly(`/api/packages/soft-delete/${first!.id}`, {});
    expect(await (await post(`/api/packages/soft-delete/${first!.id}`, "admin")).json()).toEqual({
      data: { message: "Ceremony and Cocktail Hour Deleted" },
    });
    const packages = (await profile()).packages;
    expect(packages.map((item) => item.rank)).toEqual([1, 2, 3]);
    expect(packages.map((item) => item.title)).not.toContain("Ceremony and Cocktail Hour");
    expect((await post(`/api/packages/soft-delete/${first!.id}`, "admin")).status).toBe(404);
    const order = [...packages].reverse().map((item, index) => ({ id: item.id, rank: index + 1 }));
    // The deleted one cannot come back through an order call.
    expect(
      (await post("/api/packages/order-package", "owner", { order: [...order, { id: first!.id, rank: 4 }] })).status,
    ).toBe(422);
    await expectManagersOnly("/api/packages/order-package", { order });
    expect((await post("/api/packages/order-package", "owner", { order })).status).toBe(200);
    expect((await profile()).packages.map((item) => item.id)).toEqual(order.map((item) => item.id));
  });
});

describe("offering prices", () => {
  let wedding: number;
  const path = "/api/packages/create/the-velvet-tones";
  const offering = () => ({ title: "Late-night set", description: "An hour more.", eventTypes: [wedding] });

  beforeAll(async () => {
    const { data } = await json<{ data: { id: number; name: string }[] }>(await server.request("/api/tags"));
    wedding = data.find((tag) => tag.name === "Wedding")!.id;
  });

  it("refuses a price out of range, not whole cents, not a number, a top without a start or below it, and changes nothing", async () => {
    const before = (await profile()).packages.length;
    const outOfRange = ["Enter a price from $0 to $1,000,000"];
    for (const price of [-1, 100_000_001, 12.5, "1500", true]) {
      expect(
        await errorsOf(await post(path, "owner", { ...offering(), price_from_cents: price })),
        String(price),
      ).toEqual({ price_from_cents: outOfRange });
      expect(
        await errorsOf(await post(path, "owner", { ...offering(), price_from_cents: 0, price_to_cents: price })),
        String(price),
      ).toEqual({ price_to_cents: outOfRange });
    }
    expect(await errorsOf(await post(path, "owner", { ...offering(), price_to_cents: 5_000 }))).toEqual({
      price_from_cents: ["Enter the starting price too"],
    });
    expect(
      await errorsOf(await post(path, "owner", { ...offering(), price_from_cents: 5_000, price_to_cents: 4_999 })),
    ).toEqual({ price_to_cents: ["The top of the range can't be below its start"] });
    expect((await profile()).packages).toHaveLength(before);
  });

  it("an offering answers its range; the act its lowest start, which follows edits", async () => {
    const start = (await profile()).price_from_cents;
    expect(start).toBe(700_000);
    expect(
      (await post(path, "owner", { ...offering(), price_from_cents: 450_000, price_to_cents: 450_000 })).status,
    ).toBe(200);
    const added = (await profile()).packages.at(-1)!;
    expect(added).toMatchObject({ title: "Late-night set", price_from_cents: 450_000, price_to_cents: 450_000 });
    expect((await profile()).price_from_cents).toBe(450_000);
    // An edit replaces every field: prices left out are no prices.
    expect((await post(`/api/packages/edit-package/the-velvet-tones/${added.id}`, "admin", offering())).status).toBe(
      200,
    );
    expect((await profile()).packages.at(-1)).toMatchObject({ price_from_cents: null, price_to_cents: null });
    expect((await profile()).price_from_cents).toBe(start);
    // Free is a price.
    expect(
      (
        await post(`/api/packages/edit-package/the-velvet-tones/${added.id}`, "owner", {
          ...offering(),
          price_from_cents: 0,
          price_to_cents: null,
        })
      ).status,
    ).toBe(200);
    expect((await profile()).price_from_cents).toBe(0);
  });
});

describe("what one act's profile may hold", () => {
  it(`at most ${LIMITS.maxTestimonials} testimonials and ${LIMITS.maxOfferings} offerings: then 409 with the reason, and nothing added`, async () => {
    const eventType = (
      await json<{ data: { id: number; type: string }[] }>(await server.request("/api/tags"))
    ).data.find((tag) => tag.type === "Event Type")!.id;
    const { rows } = (await server.database.db.execute(sql`select id from acts where url = 'dj-nova'`)) as unknown as {
      rows: { id: number }[];
    };
    const nova = rows[0]!.id;
    await server.database.db.execute(
      sql`insert into testimonials (act_id, name, content, rank) select ${nova}, 'Fan ' || g, 'Great night', g from generate_series(1, ${LIMITS.maxTestimonials}) g`,
    );
    await server.database.db.execute(
      sql`insert into packages (act_id, title, description, rank) select ${nova}, 'Package ' || g, 'Two sets', g from generate_series(1, ${LIMITS.maxOfferings}) g`,
    );
    const before = await profile("dj-nova");
    const testimonial = await post("/api/testimonials/add-testimonial/dj-nova", "owner", {
      name: "One more",
      content: "Also great",
    });
    expect(testimonial.status).toBe(409);
    expect((await json<{ message: string }>(testimonial)).message).toBe(MESSAGES.tooManyTestimonials);
    const offering = await post("/api/packages/create/dj-nova", "owner", {
      title: "One more",
      description: "Three sets",
      eventTypes: [eventType],
    });
    expect(offering.status).toBe(409);
    expect((await json<{ message: string }>(offering)).message).toBe(MESSAGES.tooManyOfferings);
    const after = await profile("dj-nova");
    expect([after.testimonials.length, after.packages.length]).toEqual([
      before.testimonials.length,
      before.packages.length,
    ]);
    expect(after.packages.length).toBeGreaterThanOrEqual(LIMITS.maxOfferings);
  });
});
