import { gunzipSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";

/**
 * JSON answers are compressed whole and carry their length (server/http/whole-json-compression.ts);
 * what a client reads must be the same answer whatever it accepts, and streamed answers stay streams.
 */
let server: TestServer;
beforeAll(async () => {
  // The published document's check reads each answer's body as JSON, which a compressed one is not.
  server = await createTestServer({ checkAnswers: false });
});
afterAll(async () => server.close());

const PROFILE = "/api/acts/the-velvet-tones";
const asked = (path: string, acceptEncoding: string) =>
  server.request(path, { headers: { "accept-encoding": acceptEncoding } });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("a JSON answer", () => {
  it("goes to a client that takes gzip compressed whole, with its length, and reads as the same answer", async () => {
    const plain = await asked(PROFILE, "identity");
    const zipped = await asked(PROFILE, "gzip, deflate, br");
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toMatch(/accept-encoding/i);
    const body = await bytesOf(zipped);
    expect(zipped.headers.get("content-length")).toBe(String(body.byteLength));
    expect(JSON.parse(gunzipSync(body).toString("utf8"))).toEqual(await plain.json());
  });

  it("goes to a client that refuses gzip as it is, with its length", async () => {
    for (const header of ["identity", "gzip;q=0", ""]) {
      const response = await asked(PROFILE, header);
      expect(response.headers.get("content-encoding")).toBeNull();
      const body = await bytesOf(response);
      expect(response.headers.get("content-length")).toBe(String(body.byteLength));
      expect(JSON.parse(body.toString("utf8")).data.url).toBe("the-velvet-tones");
    }
  });

  it("under a kilobyte is sent as it is, and one for a client taking only deflate is deflated", async () => {
    const small = await asked("/api/acts/no-such-act", "gzip");
    expect(small.status).toBe(404);
    expect(small.headers.get("content-encoding")).toBeNull();
    expect((await small.json()).code).toBe("not_found");
    const deflated = await asked(PROFILE, "deflate");
    expect(deflated.headers.get("content-encoding")).toBe("deflate");
    expect(JSON.parse(inflateSync(await bytesOf(deflated)).toString("utf8")).data.url).toBe("the-velvet-tones");
  });

  it("keeps its cookies: a sign-in compressed still signs in", async () => {
    const response = await server.request("/api/auth/sign-in/email", {
      json: { email: "planner@example.com", password: "demo-password" },
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session_token="))).toBe(true);
  });
});

describe("a streamed answer", () => {
  it("is still compressed as a stream: the sitemap has no length and reads whole", async () => {
    const response = await asked("/sitemap.xml", "gzip");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-length")).toBeNull();
    expect(gunzipSync(await bytesOf(response)).toString("utf8")).toMatch(/^<\?xml[\s\S]*<\/(urlset|sitemapindex)>\n$/);
  });
});
