import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConversationMessage } from "../../../domain/resources/conversations";
import { createPeerServer, createTestServer, json, type TestServer } from "../../../tests/setup/api-harness";

/**
 * The live thread: server-sent events of a conversation, woken by PostgreSQL's notifications
 * (PGlite's on the embedded database), resumed after a drop from the last id.
 */

let server: TestServer;
let conversation = 0;
beforeAll(async () => {
  server = await createTestServer();
  const started = await server.post("/api/conversations/start/the-velvet-tones", "planner", { body: "Are you free on June 12?" });
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
          if (fields.event === "message") return { id: fields.id!, message: JSON.parse(fields.data!) as ConversationMessage };
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("no event in time");
        const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]);
        if (chunk === null) throw new Error("no event in time");
        if (chunk.done) throw new Error("the stream ended");
        buffer += chunk.value;
      }
    },
    close: () => reader.cancel(),
  };
}

const openStream = async (request: (path: string, options: { cookie?: string | null; headers?: Record<string, string> }) => Promise<Response>, cookie: string, query = "", lastEventId?: string) => {
  const response = await request(`/api/conversations/${conversation}/stream${query}`, { cookie, headers: lastEventId ? { "last-event-id": lastEventId } : {} });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  return eventsOf(response);
};

describe("a conversation's stream", () => {
  it("starts with what was written, then brings a new message within a second, each with its id", async () => {
    const stream = await openStream(server.request, (await server.cookieFor("owner"))!);
    const first = await stream.next();
    expect(first.message).toMatchObject({ kind: "text", body: "Are you free on June 12?", mine: false, from: { name: "Pat Planner" } });
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
    const { data } = await json<{ data: { messages: ConversationMessage[] } }>(await server.get(`/api/conversations/${conversation}`, "owner"));
    const seen = data.messages.at(-1)!.id;
    // Written while no stream was open.
    await server.post(`/api/conversations/${conversation}/messages`, "planner", { body: "Written while you were away" });
    const resumed = await openStream(server.request, cookie, "", String(seen));
    expect((await resumed.next()).message.body).toBe("Written while you were away");
    await resumed.close();
    const latest = (await json<{ data: { messages: ConversationMessage[] } }>(await server.get(`/api/conversations/${conversation}`, "owner"))).data.messages.at(-1)!.id;
    // ?after=0 would replay everything; the browser's Last-Event-ID wins, so only the new one arrives.
    const byHeader = await openStream(server.request, cookie, "?after=0", String(latest));
    await server.post(`/api/conversations/${conversation}/messages`, "planner", { body: "After a gap" });
    expect((await byHeader.next()).message.body).toBe("After a gap");
    await byHeader.close();
  });

  it("is for the conversation's readers only: 401 for a guest, 404 for anyone else, 400 for a bad ?after", async () => {
    expect((await server.request(`/api/conversations/${conversation}/stream`)).status).toBe(401);
    for (const who of ["otherPlanner", "otherArtist"] as const)
      expect((await server.request(`/api/conversations/${conversation}/stream`, { cookie: (await server.cookieFor(who))! })).status, who).toBe(404);
    const bad = await server.request(`/api/conversations/${conversation}/stream?after=-1`, { cookie: (await server.cookieFor("owner"))! });
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
      const { data } = await json<{ data: { messages: ConversationMessage[] } }>(await server.get(`/api/conversations/${conversation}`, "owner"));
      const stream = await openStream(peer.request, (await server.cookieFor("owner"))!, `?after=${data.messages.at(-1)!.id}`);
      const sent = performance.now();
      await server.post(`/api/conversations/${conversation}/messages`, "planner", { body: "Sent to the other server" });
      expect((await stream.next(1_000)).message.body).toBe("Sent to the other server");
      expect(performance.now() - sent).toBeLessThan(1_000);
      await stream.close();
    } finally {
      await peer.close();
    }
  });
});
