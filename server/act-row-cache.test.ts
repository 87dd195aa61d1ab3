import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type DemoUser, type TestServer } from "../tests/setup/api-harness";
import { eventually } from "../tests/setup/eventually";
import { acts } from "./db/schema";

/**
 * Acts' rows are kept in memory between reads (server/act-row-cache.ts), and the profile
 * (GET /api/acts/{url}, and the page, which reads it the same way) starts from the kept row.
 * What is kept must never outlive a change, and never carry one viewer's view to another.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const ROLES: (DemoUser | "guest")[] = ["guest", "planner", "otherArtist", "owner", "admin"];

async function profile(url: string, user: DemoUser | "guest") {
  const response = await server.request(`/api/acts/${url}`, { cookie: await server.cookieFor(user) });
  return { status: response.status, data: response.ok ? ((await response.json()) as { data: Record<string, unknown> }).data : null };
}

describe("the act rows kept between reads", () => {
  it("a change made outside this server shows to every role", async () => {
    for (const role of ROLES) expect((await profile("dj-nova", role)).data?.headline).not.toBe("Kept no longer");
    await server.database.db.update(acts).set({ headline: "Kept no longer" }).where(eq(acts.url, "dj-nova"));
    for (const role of ROLES) await eventually(async () => (await profile("dj-nova", role)).data?.headline === "Kept no longer");
  });

  it("an act moved to a new address is gone from its old one", async () => {
    expect((await profile("dj-nova", "guest")).status).toBe(200);
    await server.database.db.update(acts).set({ url: "dj-nova-moved" }).where(eq(acts.url, "dj-nova"));
    await eventually(async () => (await profile("dj-nova", "guest")).status === 404);
    expect((await profile("dj-nova-moved", "guest")).status).toBe(200);
    await server.database.db.update(acts).set({ url: "dj-nova" }).where(eq(acts.url, "dj-nova-moved"));
    await eventually(async () => (await profile("dj-nova-moved", "guest")).status === 404);
    expect((await profile("dj-nova", "guest")).status).toBe(200);
  });

  it("an admin's decline hides the act from guests and other artists on the very next read", async () => {
    expect((await profile("dj-nova", "guest")).status).toBe(200);
    expect((await server.post("/api/acts/set-status/dj-nova", "admin", { status: "declined", decline_reason: "Kept test" })).status).toBe(200);
    expect((await profile("dj-nova", "guest")).status).toBe(404);
    expect((await profile("dj-nova", "otherArtist")).status).toBe(404);
    expect((await profile("dj-nova", "owner")).data?.status).toMatchObject({ key: "declined" });
    expect((await server.post("/api/acts/set-status/dj-nova", "admin", { status: "approved" })).status).toBe(200);
    expect((await profile("dj-nova", "guest")).status).toBe(200);
  });

  it("what only the act's managers and admins see never reaches another viewer from the shared row", async () => {
    const owner = (await profile("the-velvet-tones", "owner")).data!;
    const admin = (await profile("the-velvet-tones", "admin")).data!;
    expect(owner).toHaveProperty("latestOffer");
    expect(admin).toHaveProperty("manager");
    for (const role of ["guest", "planner", "otherArtist"] as const) {
      const seen = (await profile("the-velvet-tones", role)).data!;
      for (const field of ["latestOffer", "pendingTagRequest", "manager", "history", "additional_info", "decline_reason"]) expect(seen).not.toHaveProperty(field);
      expect(seen.viewer).toEqual({ isManager: false, canManage: false, isAdmin: false });
    }
  });
});
