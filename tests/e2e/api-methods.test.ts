import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "./app-server";
import { sessionsFor } from "./demo-sessions";

let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => app?.stop());

/** A request over a socket: fetch refuses to send TRACE at all. */
function send(
  method: string,
  path: string,
  cookie?: string,
): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${app.baseUrl}${path}`,
      { method, headers: cookie ? { cookie, origin: app.baseUrl } : {} },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end();
  });
}

describe("methods the API does not answer, over HTTP", () => {
  it("TRACE is 405 with Allow for guests and signed-in users alike, in the contract's shape", async () => {
    const cookie = await sessionsFor(app.baseUrl)("planner");
    for (const who of [undefined, cookie]) {
      const trace = await send("TRACE", "/api/tags", who);
      expect(trace.status).toBe(405);
      expect(trace.allow).toBe("GET, HEAD");
      expect(JSON.parse(trace.body)).toEqual({ message: "The API does not answer TRACE", code: "method_not_allowed" });
    }
    expect((await send("TRACE", "/api/acts/dj-nova")).allow).toBe("GET, HEAD");
  });
});
