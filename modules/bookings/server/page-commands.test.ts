import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema";
import { runCommand } from "#server/render/page-command";
import type { SessionUser } from "#domain/session-user";
import type { Role } from "#domain/roles";
import { ROLE_EMAILS, createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { createEventSchema, inviteActsSchema } from "../schemas";
import { createEvent } from "./event-commands";
import { inviteActs } from "./invite-commands";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function viewer(who: DemoUser): Promise<SessionUser> {
  const [row] = await server.database.db.select().from(users).where(eq(users.email, ROLE_EMAILS[who]));
  return { id: row!.id, url: row!.url, name: row!.name, email: row!.email, role: row!.role as Role };
}

/** What a page's form would be told, run as `who` through the page's path (no request to /api). */
async function fromPage(who: DemoUser | "guest", body: unknown) {
  const context = { db: server.database.db, jobs: server.jobs, viewer: who === "guest" ? null : await viewer(who) };
  return runCommand(context, createEventSchema, body, ({ db, viewer }, input) => createEvent(db, viewer, input));
}

/** The same body through the API route, as the contract's error shape (or the answer). */
async function fromApi(who: DemoUser | "guest", body: unknown) {
  const response = await server.post("/api/events/create", who, body);
  return {
    status: response.status,
    body: await json<{ data?: unknown; message?: string; errors?: unknown }>(response),
  };
}

describe("a page's form and the API run the same command", () => {
  it("refuse alike: a guest, another role, a missing field, a wrong type, an unknown place", async () => {
    const good = { name: "Spring Gala", starttime: inDays(50), location: "Chicago, IL" };
    const cases: [DemoUser | "guest", unknown][] = [
      ["guest", good],
      ["owner", good],
      ["admin", good],
      ["planner", { ...good, name: "" }],
      ["planner", { ...good, guests: "many" }],
      ["planner", { ...good, location: "Chicgo, IL" }],
      ["planner", { ...good, name: "Gala\u0000" }],
    ];
    for (const [who, body] of cases) {
      const page = await fromPage(who, body);
      const api = await fromApi(who, body);
      expect(page.ok, `${who} ${JSON.stringify(body)}`).toBe(false);
      if (page.ok) continue;
      expect({ status: page.status, message: page.message, errors: page.errors }).toEqual({
        status: api.status,
        message: api.body.message,
        errors: api.body.errors ?? {},
      });
    }
  });

  it("a planner's event made from the page is the planner's, with the answer typed as the API's data", async () => {
    const page = await fromPage("planner", { name: "Harvest Dinner", starttime: inDays(45), location: "Chicago, IL" });
    expect(page.ok).toBe(true);
    if (!page.ok) return;
    expect(page.data.message).toBe("Harvest Dinner created");
    const listed = await json<{ data: { url: string; name: string }[] }>(
      await server.get("/api/events?perPage=50", "planner"),
    );
    expect(listed.data.find((event) => event.url === page.data.url)?.name).toBe("Harvest Dinner");
  });

  it("a quote request from the shortlist page answers per act, as the API does", async () => {
    const made = await fromPage("planner", { name: "Lakeside Party", starttime: inDays(60), location: "Chicago, IL" });
    if (!made.ok) throw new Error(made.message);
    const context = { db: server.database.db, jobs: server.jobs, viewer: await viewer("planner") };
    const asked = await runCommand(
      context,
      inviteActsSchema,
      { acts: ["dj-nova", "no-such-act"] },
      ({ db, viewer }, input) => inviteActs(db, viewer, made.data.url, input),
    );
    expect(asked).toEqual({
      ok: true,
      data: [
        { act: "dj-nova", status: "invited" },
        { act: "no-such-act", status: "not_found" },
      ],
    });
    const tooMany = await runCommand(context, inviteActsSchema, { acts: [] }, ({ db, viewer }, input) =>
      inviteActs(db, viewer, made.data.url, input),
    );
    expect(tooMany).toEqual({
      ok: false,
      status: 422,
      message: "Some fields are not valid",
      errors: { acts: ["Choose at least one act"] },
    });
  });
});
