import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages";
import { rowsOf } from "#server/db/rows-of";
import { type TestServer, createTestServer, json } from "#tests/setup/api-harness";

/** CONTRACT.md "What acts get to run their business (turn 5)": quote templates. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const ACT = "the-velvet-tones"; // managed by "owner"
const path = `/api/acts/${ACT}/quote-templates`;
const TEMPLATE = {
  name: "Four-hour wedding",
  price_cents: 250_000,
  deposit_cents: 50_000,
  cancellation_policy: "moderate",
  terms: "Two 45-minute sets and a DJ break.",
  message: "Thank you for thinking of us!",
};
type Template = typeof TEMPLATE & { id: number };

const templateCount = async () =>
  (
    await rowsOf<{ n: number }>(
      server.database.db.execute(
        sql`select count(*)::int as n from quote_templates t join acts a on a.id = t.act_id where a.url = ${ACT}`,
      ),
    )
  )[0]!.n;

describe("quote templates", () => {
  it("only the act's manager and admins list, save and delete them", async () => {
    for (const [who, status] of [
      ["guest", 401],
      ["planner", 403],
      ["otherArtist", 403],
    ] as const) {
      expect((await server.get(path, who)).status, who).toBe(status);
      expect((await server.post(path, who, TEMPLATE)).status, who).toBe(status);
    }
    expect((await server.get("/api/acts/no-such-act/quote-templates", "owner")).status).toBe(404);
    expect(await templateCount()).toBe(0);

    const saved = await server.post(path, "owner", TEMPLATE);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { id, message } = (await json<{ data: { id: number; message: string } }>(saved)).data;
    expect(message).toBe('Template "Four-hour wedding" saved');
    const listed = await json<{ data: Template[] }>(await server.get(path, "admin"));
    expect(listed.data).toEqual([{ id, ...TEMPLATE }]);

    for (const who of ["planner", "otherArtist"] as const)
      expect((await server.post(`${path}/${id}/delete`, who)).status, who).toBe(403);
    // Another act's path does not reach this act's template.
    expect((await server.post(`/api/acts/dj-nova/quote-templates/${id}/delete`, "admin")).status).toBe(404);
    expect((await server.post(`${path}/999999/delete`, "owner")).status).toBe(404);
    expect((await server.post(`${path}/abc/delete`, "owner")).status).toBe(400);
    const deleted = await server.post(`${path}/${id}/delete`, "owner");
    expect((await json<{ data: { message: string } }>(deleted)).data.message).toBe(
      'Template "Four-hour wedding" deleted',
    );
    expect(await templateCount()).toBe(0);
  });

  it("refuses bad templates by field and changes nothing", async () => {
    for (const [body, errors, status] of [
      [{ ...TEMPLATE, name: " " }, { name: [MESSAGES.templateNameRequired] }],
      [{ ...TEMPLATE, name: "A\u0000" }, { name: [MESSAGES.unsafeText] }],
      [{ ...TEMPLATE, price_cents: 99, deposit_cents: 0 }, { price_cents: [MESSAGES.offerPriceTooLow] }],
      [{ ...TEMPLATE, price_cents: "2500" }, { price_cents: [MESSAGES.offerPriceRequired] }, 400],
      [{ ...TEMPLATE, deposit_cents: 300_000 }, { deposit_cents: [MESSAGES.depositAbovePrice] }],
      [{ ...TEMPLATE, cancellation_policy: "lenient" }, { cancellation_policy: expect.any(Array) }],
      [{ ...TEMPLATE, terms: "x".repeat(2001) }, { terms: [MESSAGES.tooLong(2000)] }],
    ] as const) {
      const refused = await server.post(path, "owner", body);
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(status ?? 422);
      expect((await json<{ errors: unknown }>(refused)).errors).toEqual(errors);
    }
    expect(await templateCount()).toBe(0);
  });

  it("keeps each name once and at most 20 an act", async () => {
    expect((await server.post(path, "owner", TEMPLATE)).status).toBe(200);
    const again = await server.post(path, "owner", { ...TEMPLATE, name: "FOUR-HOUR WEDDING" });
    expect(again.status).toBe(409);
    expect((await json<{ message: string }>(again)).message).toBe(MESSAGES.templateNameTaken);
    for (let i = 2; i <= 20; i++)
      expect((await server.post(path, "owner", { ...TEMPLATE, name: `Package ${i}` })).status).toBe(200);
    const over = await server.post(path, "owner", { ...TEMPLATE, name: "One too many" });
    expect(over.status).toBe(409);
    expect((await json<{ message: string }>(over)).message).toBe(MESSAGES.templateLimit);
    expect(await templateCount()).toBe(20);
  });
});
