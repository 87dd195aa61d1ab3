import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ACCOUNT_LIMITS, LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { accountActions } from "#modules/accounts/server/tables";
import { mailOutbox } from "#modules/notifications/server/tables";
import { createTestServer, json, sessionCookie, type TestServer } from "#tests/setup/api-harness";

/**
 * Issue 28, item 7: a new planner created 150 events with invites in 28 s and the artist got 150
 * emails; every list came back whole. Now each account has its windows, and lists come in pages.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function newPlanner(email: string) {
  const signedUp = await server.request("/api/auth/sign-up/email", {
    json: { name: "Flood Planner", email, password: "a-good-password", role: "PLANNER" },
    ip: server.nextIp(),
  });
  expect(signedUp.status).toBe(200);
  const cookie = sessionCookie(signedUp);
  return (path: string, body: unknown) => server.request(path, { method: "POST", json: body, cookie });
}

async function outboxSize() {
  return (await server.database.db.select().from(mailOutbox)).length;
}

describe("per-account write limits", () => {
  it("events: 30 an hour, then 429 with Retry-After and nothing written; invites count too", async () => {
    const post = await newPlanner("flooder@example.com");
    const mailsBefore = await outboxSize();
    let invited = 0;
    for (let n = 0; n < ACCOUNT_LIMITS.eventCreated.max; n++) {
      // Every other event invites an act at once, as the probe did.
      const withAct = n % 2 === 0 ? { actUrl: "the-velvet-tones" } : {};
      const created = await post("/api/events/create", {
        name: `Flood ${n}`,
        starttime: inDays(30 + n),
        location: "Chicago, IL",
        ...withAct,
      });
      expect(created.status, `event ${n}`).toBe(201);
      if (n % 2 === 0) invited++;
    }
    const refused = await post("/api/events/create", {
      name: "One too many",
      starttime: inDays(90),
      location: "Chicago, IL",
      actUrl: "dj-nova",
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: ACCOUNT_LIMITS.eventCreated.message, code: "rate_limited" });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Nothing of the refused event was written, and no mail was queued for it.
    const cookie = await server.signIn("flooder@example.com", "a-good-password");
    const listed = await json<{ data: { name: string }[]; meta: { total: number } }>(
      await server.request("/api/events?perPage=50", { cookie }),
    );
    expect(listed.meta.total).toBe(ACCOUNT_LIMITS.eventCreated.max);
    expect(listed.data.map((event) => event.name)).not.toContain("One too many");
    expect((await outboxSize()) - mailsBefore).toBeLessThanOrEqual(invited);
  });

  it("acts invited: 60 an hour, counted across events", async () => {
    const post = await newPlanner("inviter@example.com");
    const events: string[] = [];
    for (let n = 0; n < 3; n++)
      events.push(
        (
          await json<{ data: { url: string } }>(
            await post("/api/events/create", {
              name: `Party ${n}`,
              starttime: inDays(40 + n),
              location: "Chicago, IL",
            }),
          )
        ).data.url,
      );
    const statuses: number[] = [];
    // Fill the window straight in the database, as if 58 invites were sent in the last hour.
    const { takeAccountAction } = await import("#modules/accounts/server/account-limits");
    const inviter = await server.signIn("inviter@example.com", "a-good-password");
    const { id } = (await json<{ data: { id: string } }>(await server.request("/api/me", { cookie: inviter }))).data;
    await takeAccountAction(server.database.db, "actInvited", id, ACCOUNT_LIMITS.actInvited.max - 2);
    for (const [act, event] of [
      ["the-velvet-tones", events[0]],
      ["dj-nova", events[0]],
      ["the-velvet-tones", events[1]],
    ] as const) {
      statuses.push((await post(`/api/acts/invite-to-event/${act}`, { event })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    // An event created with an act counts its invite: refused whole, the event too.
    expect(
      (
        await post("/api/events/create", {
          name: "With an act",
          starttime: inDays(50),
          location: "Chicago, IL",
          actUrl: "dj-nova",
        })
      ).status,
    ).toBe(429);
    expect(
      (await json<{ meta: { total: number } }>(await server.request("/api/events", { cookie: inviter }))).meta.total,
    ).toBe(3);
  });

  it("uploads: 60 an hour", async () => {
    const { takeAccountAction } = await import("#modules/accounts/server/account-limits");
    const cookie = await server.cookieFor("otherArtist");
    const me = await json<{ data: { id: string } }>(await server.request("/api/me", { cookie }));
    await takeAccountAction(server.database.db, "fileUploaded", me.data.id, ACCOUNT_LIMITS.fileUploaded.max);
    const form = new FormData();
    form.set("purpose", "image");
    form.set("file", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], "a.png"));
    const refused = await server.request("/api/uploads", { method: "POST", body: form, cookie });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("offer floods (issue 62, item 4)", () => {
  it("5 offers per invite in all and 20 an hour per account, each a message; beyond, 429 and nothing written", async () => {
    const inviteIds: number[] = [];
    for (let n = 0; n < 5; n++) {
      const created = await server.post("/api/events/create", "planner", {
        name: `Offer flood ${n}`,
        starttime: inDays(200 + n),
        location: "Chicago, IL",
        actUrl: "dj-nova",
      });
      expect(created.status).toBe(201);
      const { url } = (await json<{ data: { url: string } }>(created)).data;
      const listed = await json<{ data: { id: number; event: { url: string } }[] }>(
        await server.get("/api/invites?perPage=50", "owner"),
      );
      inviteIds.push(listed.data.find((invite) => invite.event.url === url)!.id);
    }
    const offer = (inviteId: number) => server.post(`/api/offers/submit/${inviteId}`, "owner", { price: 900 });
    for (let n = 0; n < LIMITS.maxOffersPerInvite; n++) expect((await offer(inviteIds[0]!)).status).toBe(200);
    const sixth = await offer(inviteIds[0]!);
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({ message: MESSAGES.offersPerInviteUsed, code: "rate_limited" });
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    const [invite] = (
      await json<{ data: { id: number; offers: unknown[] }[] }>(await server.get("/api/invites?perPage=50", "owner"))
    ).data.filter((each) => each.id === inviteIds[0]);
    expect(invite!.offers).toHaveLength(LIMITS.maxOffersPerInvite);

    for (const inviteId of inviteIds.slice(1, 4))
      for (let n = 0; n < 5; n++) expect((await offer(inviteId)).status).toBe(200);
    const overTheHour = await offer(inviteIds[4]!);
    expect(overTheHour.status).toBe(429);
    expect(await overTheHour.json()).toEqual({ message: ACCOUNT_LIMITS.offerSent.message, code: "rate_limited" });
    const fifth = await json<{ data: { id: number; offers: unknown[] }[] }>(
      await server.get("/api/invites?perPage=50", "owner"),
    );
    expect(fifth.data.find((each) => each.id === inviteIds[4])!.offers).toHaveLength(0);
    const counted = await server.database.db
      .select()
      .from(accountActions)
      .where(eq(accountActions.action, "messageSent"));
    expect(counted).toHaveLength(ACCOUNT_LIMITS.offerSent.max);
  });
});

describe("lists that grow come in pages", () => {
  it("events, invites and notifications answer page, perPage and total, 20 by default, 50 at most", async () => {
    const flooder = await server.signIn("flooder@example.com", "a-good-password");
    const first = await json<{ data: { name: string }[]; meta: unknown }>(
      await server.request("/api/events", { cookie: flooder }),
    );
    expect(first.data).toHaveLength(20);
    expect(first.meta).toEqual({ page: 1, perPage: 20, total: 30 });
    const second = await json<{ data: { name: string }[]; meta: unknown }>(
      await server.request("/api/events?page=2", { cookie: flooder }),
    );
    expect(second.data).toHaveLength(10);
    expect(second.data.map((event) => event.name)).not.toContain(first.data[0]!.name);
    for (const bad of ["perPage=51", "perPage=0", "page=0", "page=x"])
      expect([400, 422], bad).toContain((await server.request(`/api/events?${bad}`, { cookie: flooder })).status);

    const owner = await server.cookieFor("owner");
    const invites = await json<{ data: unknown[]; meta: { total: number; perPage: number } }>(
      await server.request("/api/invites?perPage=5", { cookie: owner }),
    );
    expect(invites.data).toHaveLength(5);
    expect(invites.meta.total).toBeGreaterThan(15);
    const notes = await json<{ data: unknown[]; meta: { total: number; unread: number; page: number } }>(
      await server.request("/api/notifications?perPage=3&page=2", { cookie: owner }),
    );
    expect(notes.data).toHaveLength(3);
    expect(notes.meta).toMatchObject({ page: 2, perPage: 3 });
    expect(notes.meta.total).toBeGreaterThan(6);
  });
});
