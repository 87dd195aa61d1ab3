import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConversationMessage } from "#modules/conversations/answers";
import { createPeerServer, createTestServer, json, type TestServer } from "#tests/setup/api-harness";
import { eventually } from "#tests/setup/eventually";
import { serveEventStreams } from "#server/http/event-stream";
import { statementsRun } from "#server/db/statement-count";

/**
 * The live thread: server-sent events of a conversation, woken by PostgreSQL's notifications
 * (PGlite's on the embedded database), resumed after a drop from the last id.
 */

let server: TestServer;
let conversation = 0;
beforeAll(async () => {
  server = await createTestServer();
  const started = await server.post("/api/conversations/start/the-velvet-tones", "planner", {
    body: "Are you free on June 12?",
  });
  conversation = (await json<{ data: { id: number } }>(started)).data.id;
});
afterAll(async () => server.close());

/** Reads events from an event stream as they arrive. */
function eventsOf(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  return {
    /** The next `message` event, or fails after `ms`. */
    async next(ms = 5_000): Promise<{ id: string; message: ConversationMessage }> {
      const deadline = Date.now() + ms;
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split("\n")
              .filter((line) => !line.startsWith(":"))
              .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
          );
          if (fields.event === "message")
            return { id: fields.id!, message: JSON.parse(fields.data!) as ConversationMessage };
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("no event in time");
        const chunk = await Promise.race([
          reader.read(),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), left)),
        ]);
        if (chunk === null) throw new Error("no event in time");
        if (chunk.done) throw new Error("the stream ended");
        buffer += chunk.value;
      }
    },
    close: () => reader.cancel(),
  };
}

const openStream = async (
  request: (path: string, options: { cookie?: string | null; headers?: Record<string, string> }) => Promise<Response>,
  cookie: string,
  query = "",
  lastEventId?: string,
) => {
  const response = await request(`/api/conversations/${conversation}/stream${query}`, {
    cookie,
    headers: lastEventId ? { "last-event-id": lastEventId } : {},
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  return eventsOf(response);
};

/** A planner's new conversation with The Velvet Tones on a server of its own, and a new session of the act's artist. */
async function artistsNewConversation(on: TestServer, body: string) {
  const started = await on.post("/api/conversations/start/the-velvet-tones", "planner", { body });
  const id = (await json<{ data: { id: number } }>(started)).data.id;
  return { id, cookie: await on.signIn("artist@example.com") };
}

describe("an account's change notices", () => {
  it("check its readers at once, and the notices of the next moment together: one statement, not one a notice", async () => {
    // An account is notified with each message it is sent and each it reads; the round is far off.
    // First in this file: no other server here has a stream open, whose round would send statements too.
    const paced = await createTestServer({ liveStreams: { checkEveryMs: 60_000, userRecheckMs: 500 } });
    try {
      const { id, cookie } = await artistsNewConversation(paced, "Chatty");
      const stream = eventsOf(await paced.request(`/api/conversations/${id}/stream`, { cookie }));
      expect((await stream.next()).message.body).toBe("Chatty");
      const [artist] = (
        (await paced.database.db.execute(sql`select id from users where email = 'artist@example.com'`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows;
      // Past the read marks the stream wrote on opening, whose notices are checked in their own moment.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const before = statementsRun();
      for (let notice = 0; notice < 5; notice++)
        await paced.database.db.execute(sql`select notify_change(${`user:${artist!.id}`})`);
      await new Promise((resolve) => setTimeout(resolve, 800));
      // The five notices, the check at the first and one for the other four.
      expect(statementsRun() - before).toBe(5 + 2);
      // A sign-out within the moment still ends the stream before the next round.
      expect((await paced.request("/api/auth/sign-out", { method: "POST", cookie, json: {} })).status).toBe(200);
      await expect(stream.next(2_500)).rejects.toThrow("the stream ended");
    } finally {
      await paced.close();
    }
  });
});

describe("the round, while the change notices are heard", () => {
  it("asks the database nothing until its minute is up: losses of access come as notices", async () => {
    const paced = await createTestServer({ liveStreams: { checkEveryMs: 100, fullCheckEveryMs: 60_000 } });
    try {
      const { id, cookie } = await artistsNewConversation(paced, "Rounds");
      const streams = [];
      for (let n = 0; n < 3; n++) {
        streams.push(eventsOf(await paced.request(`/api/conversations/${id}/stream`, { cookie })));
        expect((await streams.at(-1)!.next()).message.body).toBe("Rounds");
      }
      // Past the checks of the read marks the streams wrote on opening.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      const before = statementsRun();
      // Ten rounds of three streams.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(statementsRun() - before).toBe(0);
      // A sign-out is a notice: every stream of the session ends before the minute is up.
      expect((await paced.request("/api/auth/sign-out", { method: "POST", cookie, json: {} })).status).toBe(200);
      for (const stream of streams) await expect(stream.next(2_500)).rejects.toThrow("the stream ended");
    } finally {
      await paced.close();
    }
  });
});

describe("a conversation's stream", () => {
  it("starts with what was written, then brings a new message within a second, each with its id", async () => {
    const stream = await openStream(server.request, (await server.cookieFor("owner"))!);
    const first = await stream.next();
    expect(first.message).toMatchObject({
      kind: "text",
      body: "Are you free on June 12?",
      mine: false,
      from: { name: "Pat Planner" },
    });
    expect(first.id).toBe(String(first.message.id));
    const sent = performance.now();
    await server.post(`/api/conversations/${conversation}/messages`, "planner", { body: "And on the 13th?" });
    const second = await stream.next(1_000);
    expect(performance.now() - sent).toBeLessThan(1_000);
    expect(second.message).toMatchObject({ body: "And on the 13th?", mine: false });
    await stream.close();
  });

  it("resumes after the last id it was given (Last-Event-ID wins over ?after=), losing nothing written while away", async () => {
    const cookie = (await server.cookieFor("owner"))!;
    const { data } = await json<{ data: { messages: ConversationMessage[] } }>(
      await server.get(`/api/conversations/${conversation}`, "owner"),
    );
    const seen = data.messages.at(-1)!.id;
    // Written while no stream was open.
    await server.post(`/api/conversations/${conversation}/messages`, "planner", {
      body: "Written while you were away",
    });
    const resumed = await openStream(server.request, cookie, "", String(seen));
    expect((await resumed.next()).message.body).toBe("Written while you were away");
    await resumed.close();
    const latest = (
      await json<{ data: { messages: ConversationMessage[] } }>(
        await server.get(`/api/conversations/${conversation}`, "owner"),
      )
    ).data.messages.at(-1)!.id;
    // ?after=0 would replay everything; the browser's Last-Event-ID wins, so only the new one arrives.
    const byHeader = await openStream(server.request, cookie, "?after=0", String(latest));
    await server.post(`/api/conversations/${conversation}/messages`, "planner", { body: "After a gap" });
    expect((await byHeader.next()).message.body).toBe("After a gap");
    await byHeader.close();
  });

  it("is for the conversation's readers only: 401 for a guest, 404 for anyone else, 400 for a bad ?after", async () => {
    expect((await server.request(`/api/conversations/${conversation}/stream`)).status).toBe(401);
    for (const who of ["otherPlanner", "otherArtist"] as const)
      expect(
        (await server.request(`/api/conversations/${conversation}/stream`, { cookie: (await server.cookieFor(who))! }))
          .status,
        who,
      ).toBe(404);
    const bad = await server.request(`/api/conversations/${conversation}/stream?after=-1`, {
      cookie: (await server.cookieFor("owner"))!,
    });
    expect([400, 422]).toContain(bad.status);
    const admin = await openStream(server.request, (await server.cookieFor("admin"))!);
    expect((await admin.next()).message.body).toBe("Are you free on June 12?");
    await admin.close();
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("across servers", () => {
  it("a message written on one server reaches a stream open on another within a second", async () => {
    const peer = await createPeerServer(server);
    try {
      const { data } = await json<{ data: { messages: ConversationMessage[] } }>(
        await server.get(`/api/conversations/${conversation}`, "owner"),
      );
      const stream = await openStream(
        peer.request,
        (await server.cookieFor("owner"))!,
        `?after=${data.messages.at(-1)!.id}`,
      );
      const sent = performance.now();
      await server.post(`/api/conversations/${conversation}/messages`, "planner", { body: "Sent to the other server" });
      expect((await stream.next(1_000)).message.body).toBe("Sent to the other server");
      expect(performance.now() - sent).toBeLessThan(1_000);
      await stream.close();
    } finally {
      await peer.close();
    }
  });

  it("a sign-out on one server ends the reader's stream on the other within 5 seconds, with nothing written after delivered", async () => {
    const peer = await createPeerServer(server);
    try {
      const cookie = await server.signIn("artist@example.com");
      const { data } = await json<{ data: { messages: ConversationMessage[] } }>(
        await server.get(`/api/conversations/${conversation}`, "owner"),
      );
      const stream = await openStream(peer.request, cookie, `?after=${data.messages.at(-1)!.id}`);
      expect((await server.request("/api/auth/sign-out", { method: "POST", cookie, json: {} })).status).toBe(200);
      await server.post(`/api/conversations/${conversation}/messages`, "planner", {
        body: "After the other server's sign-out",
      });
      // The session's end is a change notice every server hears: no waiting for the next round.
      await expect(stream.next(2_500)).rejects.toThrow("the stream ended");
    } finally {
      await peer.close();
    }
  });
});

describe("what one account may hold open, and for how long", () => {
  it("at most 5 streams an account: the 6th is 429 at once; closing one frees its place", async () => {
    const cookie = (await server.cookieFor("planner"))!;
    const open = [];
    for (let n = 0; n < 5; n++) open.push(await openStream(server.request, cookie));
    const sixth = await server.request(`/api/conversations/${conversation}/stream`, { cookie });
    expect(sixth.status).toBe(429);
    expect((await json<{ message: string }>(sixth)).message).toMatch(/5 conversations open live already/);
    // Another account is not held back by this one.
    const other = await openStream(server.request, (await server.cookieFor("owner"))!);
    await other.close();
    await open.pop()!.close();
    await eventually(async () => {
      const again = await server.request(`/api/conversations/${conversation}/stream`, { cookie });
      if (again.status === 200) await again.body!.cancel();
      return again.status === 200;
    });
    for (const stream of open) await stream.close();
  });

  it("fifteen streams of one conversation get a message at once, from one read, and /healthz answers meanwhile", async () => {
    const streams = [];
    for (const who of ["planner", "owner", "admin"] as const)
      for (let n = 0; n < 5; n++)
        streams.push(await openStream(server.request, (await server.cookieFor(who))!, `?after=${await lastId()}`));
    let slowestHealth = 0;
    const sent = performance.now();
    await server.post(`/api/conversations/${conversation}/messages`, "planner", { body: "To everyone at once" });
    const health = (async () => {
      for (let n = 0; n < 10; n++) {
        const started = performance.now();
        await server.request("/healthz");
        slowestHealth = Math.max(slowestHealth, performance.now() - started);
      }
    })();
    const received = await Promise.all(streams.map((stream) => stream.next(5_000)));
    await health;
    expect(received.map((event) => event.message.body)).toEqual(Array(15).fill("To everyone at once"));
    expect(performance.now() - sent).toBeLessThan(5_000);
    expect(slowestHealth).toBeLessThan(1_000);
    for (const stream of streams) await stream.close();
  });
});

/** The id of the conversation's newest message. */
async function lastId(): Promise<number> {
  const { data } = await json<{ data: { messages: ConversationMessage[] } }>(
    await server.get(`/api/conversations/${conversation}`, "admin"),
  );
  return data.messages.at(-1)!.id;
}

describe("a stream outlives no access", () => {
  it("ends within 5 seconds of its reader signing out, and delivers nothing written after", async () => {
    const cookie = await server.signIn("planner@example.com");
    const stream = await openStream(server.request, cookie, `?after=${await lastId()}`);
    expect((await server.request("/api/auth/sign-out", { method: "POST", cookie, json: {} })).status).toBe(200);
    await server.post(`/api/conversations/${conversation}/messages`, "owner", { body: "Written after the sign-out" });
    await expect(stream.next(2_500)).rejects.toThrow("the stream ended");
  });

  it("ends when the act is reassigned away from its reader, and delivers nothing written after", async () => {
    const started = await server.post("/api/conversations/start/dj-nova", "planner", { body: "Do you play vinyl?" });
    const nova = (await json<{ data: { id: number } }>(started)).data.id;
    const events = await server.request(`/api/conversations/${nova}/stream`, {
      cookie: (await server.cookieFor("owner"))!,
    });
    const stream = eventsOf(events);
    expect((await stream.next()).message.body).toBe("Do you play vinyl?");
    expect((await server.post("/api/acts/reassign/dj-nova", "admin", { act: "artist2" })).status).toBe(200);
    await server.post(`/api/conversations/${nova}/messages`, "planner", { body: "Hello? Anyone?" });
    await expect(stream.next(6_000)).rejects.toThrow("the stream ended");
    expect((await server.post("/api/acts/reassign/dj-nova", "admin", { act: "artist" })).status).toBe(200);
  });

  it("ends after its hour in any case (shortened here), and the browser's reconnection picks up where it was", async () => {
    const hurried = await createTestServer({ liveStreams: { maxAgeMs: 1_000, checkEveryMs: 200 } });
    try {
      const started = await hurried.post("/api/conversations/start/the-velvet-tones", "planner", { body: "Quick one" });
      const id = (await json<{ data: { id: number } }>(started)).data.id;
      const events = eventsOf(
        await hurried.request(`/api/conversations/${id}/stream`, { cookie: (await hurried.cookieFor("owner"))! }),
      );
      const first = await events.next();
      await expect(events.next(4_000)).rejects.toThrow("the stream ended");
      await hurried.post(`/api/conversations/${id}/messages`, "planner", { body: "While you were reconnecting" });
      const again = eventsOf(
        await hurried.request(`/api/conversations/${id}/stream`, {
          cookie: (await hurried.cookieFor("owner"))!,
          headers: { "last-event-id": first.id },
        }),
      );
      expect((await again.next()).message.body).toBe("While you were reconnecting");
      await again.close();
    } finally {
      await hurried.close();
    }
  });

  it("a round of checks reaches every stream when it takes them a few to a statement", async () => {
    // Every round asks the database here, as it does once a minute, or while notices may be missed.
    const hurried = await createTestServer({
      liveStreams: { maxAgeMs: 1_500, checkEveryMs: 200, fullCheckEveryMs: 200, checkSlice: 2 },
    });
    try {
      const started = await hurried.post("/api/conversations/start/the-velvet-tones", "planner", {
        body: "Five of us",
      });
      const id = (await json<{ data: { id: number } }>(started)).data.id;
      const streams = [];
      for (const who of ["planner", "planner", "owner", "owner", "admin"] as const)
        streams.push(
          eventsOf(
            await hurried.request(`/api/conversations/${id}/stream`, { cookie: (await hurried.cookieFor(who))! }),
          ),
        );
      // Checked two at a time, every reader is kept while allowed, and every stream ends at its hour.
      for (const stream of streams) expect((await stream.next()).message.body).toBe("Five of us");
      await Promise.all(streams.map((stream) => expect(stream.next(5_000)).rejects.toThrow("the stream ended")));
    } finally {
      await hurried.close();
    }
  });
});

describe("a quiet stream", () => {
  it("hears that the server is still there, every stream of a round when their heartbeats are written a few at a time", async () => {
    const quick = await createTestServer({ liveStreams: { checkEveryMs: 200, heartbeatMs: 300, heartbeatSlice: 2 } });
    try {
      const started = await quick.post("/api/conversations/start/the-velvet-tones", "planner", { body: "Quiet now" });
      const id = (await json<{ data: { id: number } }>(started)).data.id;
      const heard = await Promise.all(
        (["planner", "planner", "owner", "owner", "admin"] as const).map(async (who) => {
          const response = await quick.request(`/api/conversations/${id}/stream`, {
            cookie: (await quick.cookieFor(who))!,
          });
          const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
          let text = "";
          const deadline = Date.now() + 5_000;
          while (!text.includes("\n: still here\n") && Date.now() < deadline) {
            const chunk = await Promise.race([
              reader.read(),
              new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
            ]);
            if (!chunk || chunk.done) break;
            text += chunk.value;
          }
          await reader.cancel();
          return text.includes("\n: still here\n");
        }),
      );
      expect(heard).toEqual([true, true, true, true, true]);
    } finally {
      await quick.close();
    }
  });
});

describe("served on the socket, as the Node server serves it", () => {
  /** The test server's app behind a real HTTP listener, through the production server's own listener. */
  async function listening() {
    const http = createServer(getRequestListener(serveEventStreams((request, env) => server.app.fetch(request, env))));
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const { port } = http.address() as AddressInfo;
    const request = (path: string, options: { cookie?: string | null; headers?: Record<string, string> }) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        headers: { ...options.headers, ...(options.cookie ? { cookie: options.cookie } : {}) },
      });
    return {
      request,
      close: () =>
        new Promise<void>((resolve) => {
          http.closeAllConnections();
          http.close(() => resolve());
        }),
    };
  }

  it("carries the middleware's headers and brings a new message", async () => {
    const live = await listening();
    try {
      const response = await live.request(`/api/conversations/${conversation}/stream?after=${await lastId()}`, {
        cookie: (await server.cookieFor("owner"))!,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(response.headers.get("cache-control")).toMatch(/no-store/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
      expect(response.headers.get("x-request-id")).toBeTruthy();
      const stream = eventsOf(response);
      await server.post(`/api/conversations/${conversation}/messages`, "planner", { body: "Over the socket" });
      expect((await stream.next(2_000)).message.body).toBe("Over the socket");
      await stream.close();
    } finally {
      await live.close();
    }
  });

  it("frees its place when the client leaves, and ends when its reader signs out", async () => {
    const live = await listening();
    try {
      const cookie = await server.signIn("planner@example.com");
      const open = [];
      for (let n = 0; n < 5; n++) open.push(await openStream(live.request, cookie, `?after=${await lastId()}`));
      expect((await live.request(`/api/conversations/${conversation}/stream`, { cookie })).status).toBe(429);
      await open.pop()!.close();
      await eventually(async () => {
        const again = await live.request(`/api/conversations/${conversation}/stream?after=${await lastId()}`, {
          cookie,
        });
        if (again.status === 200) open.push(eventsOf(again));
        return again.status === 200;
      });
      expect((await server.request("/api/auth/sign-out", { method: "POST", cookie, json: {} })).status).toBe(200);
      await server.post(`/api/conversations/${conversation}/messages`, "owner", { body: "After this sign-out" });
      for (const stream of open) await expect(stream.next(2_500)).rejects.toThrow("the stream ended");
    } finally {
      await live.close();
    }
  });
});
