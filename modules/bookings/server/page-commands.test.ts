import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "#server/render/page-command";
import { expectSameRefusal } from "#tests/setup/same-refusal";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { createEventSchema, inviteActsSchema } from "../schemas";
import { createEvent } from "./event-commands";
import { inviteActs } from "./invite-commands";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** What a page's form would be told, run as `who` through the page's path (no request to /api). */
async function fromPage(who: DemoUser | "guest", body: unknown) {
  const context = await server.pageContext(who);
  return runCommand(context, createEventSchema, body, ({ db, viewer }, input) => createEvent(db, viewer, input));
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
    for (const [who, body] of cases)
      await expectSameRefusal(
        await fromPage(who, body),
        await server.post("/api/events/create", who, body),
        `${who} ${JSON.stringify(body)}`,
      );
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
    const context = await server.pageContext("planner");
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
