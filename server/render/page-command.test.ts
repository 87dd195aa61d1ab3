import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createActSchema } from "#modules/acts/schemas";
import { createAct } from "#modules/acts/server/act-profile-edit";
import { notificationSettingInputSchema } from "#modules/notifications/schemas";
import { saveEmailSetting } from "#modules/notifications/server/notifications";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { expectSameRefusal } from "#tests/setup/same-refusal";
import { runCommand } from "./page-command";

/**
 * The pages that used to post into /api in process (creating an act, the email settings) now run
 * the module's command: for the same body, a form is told what the API would answer.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

describe("pages run the commands their API routes run", () => {
  it("creating an act: refused alike for a guest, a planner, an empty name and a wrong type; made for an artist", async () => {
    const cases: [DemoUser | "guest", unknown][] = [
      ["guest", { name: "Night Owls", musical: true }],
      ["planner", { name: "Night Owls", musical: true }],
      ["owner", { name: "", musical: true }],
      ["owner", { name: "Night Owls", musical: "yes" }],
      ["owner", { name: "Night\u0000Owls", musical: true }],
    ];
    for (const [who, body] of cases) {
      const context = await server.pageContext(who);
      const page = await runCommand(context, createActSchema, body, ({ db, viewer }, input) =>
        createAct(db, viewer, input),
      );
      await expectSameRefusal(page, await server.post("/api/acts/create", who, body), `${who} ${JSON.stringify(body)}`);
    }
    const context = await server.pageContext("owner");
    const made = await runCommand(
      context,
      createActSchema,
      { name: "Night Owls", musical: true },
      ({ db, viewer }, input) => createAct(db, viewer, input),
    );
    expect(made.ok && made.data.url).toBe("night-owls");
    expect((await server.get("/api/acts/night-owls", "owner")).status).toBe(200);
  });

  it("an email setting: refused alike for a kind the role never gets and an unknown kind; saved for one of theirs", async () => {
    const cases: [DemoUser | "guest", unknown][] = [
      ["guest", { kind: "offer_received", email: false }],
      ["planner", { kind: "act_approved", email: false }],
      ["planner", { kind: "no_such_kind", email: false }],
      ["planner", { kind: "offer_received", email: "no" }],
    ];
    for (const [who, body] of cases) {
      const context = await server.pageContext(who);
      const page = await runCommand(context, notificationSettingInputSchema, body, ({ db, viewer }, input) =>
        saveEmailSetting(db, viewer, input),
      );
      await expectSameRefusal(
        page,
        await server.post("/api/notifications/settings", who, body),
        `${who} ${JSON.stringify(body)}`,
      );
    }
    const context = await server.pageContext("planner");
    const saved = await runCommand(
      context,
      notificationSettingInputSchema,
      { kind: "offer_received", email: false },
      ({ db, viewer }, input) => saveEmailSetting(db, viewer, input),
    );
    expect(saved.ok && saved.data.find((setting) => setting.kind === "offer_received")?.email).toBe(false);
    const listed = await json<{ data: { kind: string; email: boolean }[] }>(
      await server.get("/api/notifications/settings", "planner"),
    );
    expect(listed.data.find((setting) => setting.kind === "offer_received")?.email).toBe(false);
  });
});
