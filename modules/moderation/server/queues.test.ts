import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, json, type TestServer } from "#tests/setup/api-harness";
import { completeDraft } from "#tests/setup/complete-draft";
import { listOwnActs } from "#modules/acts/server/act-application";
import { countActsByStatus, countWaitingForAdmin, listActsByStatus, listPendingTagRequests } from "./admin-queues";
import type { SessionUser } from "#domain/session-user";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

async function me(as: "owner" | "otherArtist" | "admin"): Promise<SessionUser> {
  return (await json<{ data: SessionUser }>(await server.get("/api/me", as))).data;
}

describe("the admin's queues", () => {
  it("count the demo acts by status and list each status oldest first", async () => {
    const db = server.database.db;
    expect(await countActsByStatus(db)).toEqual({ approved: 3, pending: 1, declined: 1, draft: 1 });
    expect((await listActsByStatus(db, "pending", 1)).map((act) => act.url)).toEqual(["pending-act"]);
    expect((await listActsByStatus(db, "declined", 1))[0]).toMatchObject({
      url: "declined-act",
      decline_reason: "Photos and videos do not show a live performance.",
      manager: "Sam Artist",
    });
    const approved = await listActsByStatus(db, "approved", 1);
    expect(approved.map((act) => act.url).sort()).toEqual(["dj-nova", "keynote-kim", "the-velvet-tones"]);
    expect([...approved].sort((a, b) => a.created_at.localeCompare(b.created_at))).toEqual(approved);
    expect(await listActsByStatus(db, "approved", 2)).toEqual([]);
  });

  it("list pending tag requests with their tags, and count what waits; a decision takes an item off", async () => {
    const db = server.database.db;
    const [request] = await listPendingTagRequests(db);
    expect(request).toMatchObject({ act: { url: "pending-act", name: "Pending Act" }, requested_by: "Sam Artist" });
    expect(request!.tags.map((tag) => tag.name).sort()).toEqual(["Blues", "Cover Songs", "Rock", "Trio"]);
    expect(await countWaitingForAdmin(db)).toEqual({ acts: 1, tagRequests: 1, documents: 0, total: 2 });

    expect((await server.post("/api/acts/decline-tag-update-request/pending-act", "admin")).status).toBe(200);
    expect((await server.post("/api/acts/set-status/pending-act", "admin", { status: "approved" })).status).toBe(200);
    expect(await listPendingTagRequests(db)).toEqual([]);
    expect(await countWaitingForAdmin(db)).toEqual({ acts: 0, tagRequests: 0, documents: 0, total: 0 });
    expect(await countActsByStatus(db)).toEqual({ approved: 4, pending: 0, declined: 1, draft: 1 });
  });
});

describe("/my-acts: the caller's own acts", () => {
  it("each artist sees only their acts, with status, decline reason and a checklist for drafts", async () => {
    const db = server.database.db;
    const owner = await listOwnActs(db, await me("owner"));
    expect(owner.map((act) => act.url).sort()).toEqual(["dj-nova", "the-velvet-tones"]);
    expect(owner.every((act) => act.checklist.length === 0)).toBe(true);

    const other = await listOwnActs(db, await me("otherArtist"));
    expect(other.map((act) => act.url).sort()).toEqual(["declined-act", "draft-act", "keynote-kim", "pending-act"]);
    expect(other.find((act) => act.url === "declined-act")).toMatchObject({
      status: { label: "Declined", color: "red" },
      decline_reason: "Photos and videos do not show a live performance.",
    });
    const draft = other.find((act) => act.url === "draft-act")!;
    expect(draft.status.label).toBe("Draft");
    expect(draft.checklist.map((item) => [item.key, item.done])).toEqual([
      ["headline", false],
      ["description", false],
      ["location", false],
      ["photo", false],
      ["tags", false],
    ]);

    await completeDraft(server, "draft-act", "otherArtist", true);
    const completed = (await listOwnActs(db, await me("otherArtist"))).find((act) => act.url === "draft-act")!;
    expect(completed.checklist.every((item) => item.done)).toBe(true);
    expect((await server.post("/api/acts/submit-application/draft-act", "otherArtist")).status).toBe(200);
    const submitted = (await listOwnActs(db, await me("otherArtist"))).find((act) => act.url === "draft-act")!;
    expect(submitted).toMatchObject({ status: { label: "Pending Approval" }, checklist: [] });
    expect(await listOwnActs(db, await me("admin"))).toEqual([]);
  });
});
