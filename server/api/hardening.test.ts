import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeDraft } from "#tests/setup/complete-draft";
import { createTestServer, json, type TestServer } from "#tests/setup/api-harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const NUL = "\u0000";
const LONE_SURROGATE = "\uD800";

describe("bad text is refused with a field error, never a 500", () => {
  it("in a body: NUL and lone surrogates are 422 on the field", async () => {
    for (const bad of [`a${NUL}b`, `a${LONE_SURROGATE}b`, "\uDC00"]) {
      const response = await server.post("/api/testimonials/add-testimonial/the-velvet-tones", "owner", {
        name: bad,
        content: "Great",
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({
        message: "Some fields are not valid",
        code: "validation_failed",
        errors: { name: ["Must not contain NUL characters or broken Unicode"] },
      });
    }
    // A proper pair (an emoji) is text like any other.
    expect(
      (
        await server.post("/api/testimonials/add-testimonial/the-velvet-tones", "owner", {
          name: "Ana 🎷",
          content: "Great",
        })
      ).status,
    ).toBe(200);
  });

  it("in the account calls, ours and better-auth's own", async () => {
    const calls: [string, unknown, "guest" | "planner"][] = [
      [
        "/api/auth/sign-up/email",
        { name: `Nul${NUL}`, email: "nul@example.com", password: "long-enough", role: "PLANNER" },
        "guest",
      ],
      ["/api/auth/sign-in/email", { email: "planner@example.com", password: `x${LONE_SURROGATE}` }, "guest"],
      ["/api/auth/request-password-reset", { email: `a${NUL}@example.com`, redirectTo: "/" }, "guest"],
      ["/api/auth/update-user", { name: `Pat${LONE_SURROGATE}` }, "planner"],
    ];
    for (const [path, body, as] of calls) {
      const response = await server.request(path, {
        json: body,
        cookie: await server.cookieFor(as),
        ip: server.nextIp(),
      });
      expect(response.status, path).toBe(422);
      expect((await json<{ code: string }>(response)).code).toBe("validation_failed");
    }
    expect((await json<{ data: { name: string } }>(await server.get("/api/me", "planner"))).data.name).toBe(
      "Pat Planner",
    );
  });

  it("in a query string, for guests too", async () => {
    // (Percent-encoded bytes that are no UTF-8 decode to U+FFFD, so only NUL can arrive here.)
    for (const query of ["searchTerms=%00", "searchTerms=a%00b", "actTypes[]=%00", "page=1&searchTerms=%00"]) {
      const response = await server.request(`/api/acts?${query}`);
      expect(response.status, query).toBe(422);
      expect((await json<{ code: string }>(response)).code).toBe("validation_failed");
    }
    expect((await server.get("/api/users/artists?searchTerms=%00", "admin")).status).toBe(422);
  });

  it("in a path: 400 for a malformed one", async () => {
    for (const path of ["/api/acts/a%00b", "/api/acts/%ED%A0%80"]) {
      const response = await server.request(path);
      expect([400, 404], path).toContain(response.status);
      expect(response.headers.get("content-type")).toContain("application/json");
    }
    expect(
      (await server.post("/api/testimonials/add-testimonial/a%00b", "owner", { name: "A", content: "B" })).status,
    ).toBe(400);
  });
});

describe("ids beyond the id columns' range name nothing", () => {
  const operations = [
    "/api/documents/delete/{id}",
    "/api/offers/accept/{id}",
    "/api/offers/submit/{id}",
    "/api/packages/soft-delete/{id}",
    "/api/packages/edit-package/the-velvet-tones/{id}",
    "/api/testimonials/delete-testimonial/{id}",
    "/api/testimonials/edit-testimonial/{id}",
    "/api/entertainer-reviews/delete-entertainer-review/{id}",
    "/api/images/delete/the-velvet-tones/{id}",
    "/api/videos/delete/the-velvet-tones/{id}",
  ];
  it("is a 404 from 2147483648 up to 2^53 - 1, as for an id that is not there", async () => {
    for (const operation of operations) {
      for (const id of ["2147483647", "2147483648", "9007199254740991", "99999999999999999999"]) {
        const as = operation.includes("offers/accept") ? "planner" : operation.includes("review") ? "admin" : "owner";
        const response = await server.post(operation.replace("{id}", id), as, {
          price: 1,
          title: "T",
          description: "D",
          eventTypes: [1],
          name: "N",
          content: "C",
        });
        expect(response.status, `${operation} ${id}`).toBe(404);
      }
      const malformed = await server.post(operation.replace("{id}", "1e3x"), "admin", {});
      expect([400, 404], operation).toContain(malformed.status);
    }
  });
});

describe("path ids are decimal digits only (issue 62)", () => {
  it("0x1, 1e3, 01, +1, 1.0 and ' 1' name no row, in the API and on pages", async () => {
    const added = await server.post("/api/testimonials/add-testimonial/the-velvet-tones", "owner", {
      name: "Spelled",
      content: "Before",
    });
    const { id } = (await json<{ data: { id: number } }>(added)).data;
    const spellings = [`0${id}`, `%20${id}`, `+${id}`, `${id}.0`, `0x${id.toString(16)}`];
    if (id % 1000 === 0) spellings.push(`${id / 1000}e3`);
    for (const spelling of spellings) {
      const edited = await server.post(`/api/testimonials/edit-testimonial/${spelling}`, "owner", {
        name: "Spelled",
        content: "After",
      });
      expect([400, 404], spelling).toContain(edited.status);
      expect((await server.get(`/messages/${spelling}`, "admin")).status, spelling).toBe(404);
    }
    for (const spelling of ["0x1", "1e3", "01", "%201"])
      expect((await server.get(`/messages/${spelling}`, "admin")).status, spelling).toBe(404);
    const profile = await json<{ data: { testimonials: { id: number; content: string }[] } }>(
      await server.request("/api/acts/the-velvet-tones"),
    );
    expect(profile.data.testimonials.find((each) => each.id === id)?.content).toBe("Before");
  });
});

describe("one-line fields refuse line breaks (issue 62)", () => {
  it("event names and places, act names, testimonial names and offering titles", async () => {
    const oneLine = { name: ["Must not contain line breaks or control characters"] };
    const event = await server.post("/api/events/create", "planner", {
      name: "Party\r\nUID:evil",
      starttime: "2031-05-01T18:00",
      location: "Chicago, IL\nSomewhere",
    });
    expect(event.status).toBe(422);
    expect((await json<{ errors: unknown }>(event)).errors).toEqual({
      ...oneLine,
      location: oneLine.name,
    });
    const act = await server.post("/api/acts/update/the-velvet-tones", "owner", { name: "The Velvet\nTones" });
    expect((await json<{ errors: unknown }>(act)).errors).toEqual(oneLine);
    const testimonial = await server.post("/api/testimonials/add-testimonial/the-velvet-tones", "owner", {
      name: "Ann\tLee",
      content: "Several lines\nare fine here",
    });
    expect((await json<{ errors: unknown }>(testimonial)).errors).toEqual(oneLine);
    const profile = await json<{ data: { name: string } }>(await server.request("/api/acts/the-velvet-tones"));
    expect(profile.data.name).toBe("The Velvet Tones");
  });
});

describe("the caller is judged before the body", () => {
  it("a guest's invalid body is 401, even from another origin", async () => {
    for (const body of [{}, { name: 5 }, "nonsense"]) {
      const response = await server.request("/api/testimonials/add-testimonial/the-velvet-tones", {
        method: "POST",
        json: body,
        headers: { origin: "https://evil.example" },
      });
      expect(response.status).toBe(401);
    }
    const notJson = await server.request("/api/acts/create", {
      method: "POST",
      body: "x",
      headers: { "content-type": "text/plain" },
    });
    expect(notJson.status).toBe(401);
  });

  it("a planner or another artist posting an invalid body to an act not theirs is 403, told nothing of the rules", async () => {
    const writes: [string, unknown][] = [
      ["/api/testimonials/add-testimonial/the-velvet-tones", { name: "" }],
      ["/api/packages/create/the-velvet-tones", { title: 5 }],
      ["/api/images/create/the-velvet-tones", {}],
      ["/api/videos/upload-link/the-velvet-tones", { link: 1 }],
      ["/api/documents/create/the-velvet-tones", { title: "" }],
      ["/api/acts/update/the-velvet-tones", { name: "" }],
      ["/api/acts/request-to-update-tags/the-velvet-tones", { musical: "yes" }],
      ["/api/acts/edit-tags/the-velvet-tones", {}],
      ["/api/acts/set-status/the-velvet-tones", { status: "nope" }],
    ];
    for (const [path, body] of writes) {
      for (const who of ["planner", "otherArtist"] as const) {
        const response = await server.post(path, who, body);
        expect(response.status, `${who} ${path}`).toBe(403);
        expect(await response.json()).not.toHaveProperty("errors");
      }
    }
    const testimonialId = (
      await json<{ data: { testimonials: { id: number }[] } }>(await server.request("/api/acts/the-velvet-tones"))
    ).data.testimonials[0]!.id;
    expect(
      (await server.post(`/api/testimonials/edit-testimonial/${testimonialId}`, "otherArtist", { name: "" })).status,
    ).toBe(403);
    expect((await server.post("/api/events/create", "owner", { name: "" })).status).toBe(403);
  });
});

describe("cookie-authenticated writes show they come from our pages", () => {
  it("no Origin and a foreign Referer, or neither header, is 403; our Referer passes", async () => {
    const cookie = await server.cookieFor("owner");
    const body = { name: "Origin Test", content: "Hello" };
    const path = "/api/testimonials/add-testimonial/dj-nova";
    const foreignReferer = await server.request(path, {
      method: "POST",
      json: body,
      cookie,
      origin: null,
      headers: { referer: "https://evil.example/page" },
    });
    expect(foreignReferer.status).toBe(403);
    expect(await foreignReferer.json()).toEqual({
      message: "Requests from another site are not allowed",
      code: "forbidden",
    });
    expect((await server.request(path, { method: "POST", json: body, cookie, origin: null })).status).toBe(403);
    expect(
      (
        await server.request(path, {
          method: "POST",
          json: body,
          cookie,
          origin: null,
          headers: { referer: "http://localhost:3000/entertainment/dj-nova" },
        })
      ).status,
    ).toBe(200);
    // A call without a session cookie is not a forgery risk: it is judged as a guest's.
    expect((await server.request(path, { method: "POST", json: body })).status).toBe(401);
    expect(
      (
        await server.request("/api/auth/sign-in/email", {
          json: { email: "planner@example.com", password: "demo-password" },
          ip: server.nextIp(),
        })
      ).status,
    ).toBe(200);
  });
});

describe("admins have every artist ability", () => {
  it("request and cancel a tag update, create an act and submit its application", async () => {
    const tags = await json<{ data: { id: number; type: string }[] }>(await server.request("/api/tags"));
    const speaker = tags.data
      .filter((tag) => tag.type === "Speaker Type")
      .slice(0, 1)
      .map((tag) => tag.id);
    expect(
      (await server.post("/api/acts/request-to-update-tags/keynote-kim", "admin", { musical: false, tags: speaker }))
        .status,
    ).toBe(200);
    expect((await server.post("/api/acts/cancel-tag-update-request/keynote-kim", "admin")).status).toBe(200);
    const created = await server.post("/api/acts/create", "admin", { name: "Admin House Band", musical: true });
    expect(created.status).toBe(201);
    const { url } = (await json<{ data: { url: string } }>(created)).data;
    await completeDraft(server, url, "admin", true);
    expect((await server.post(`/api/acts/submit-application/${url}`, "admin")).status).toBe(200);
    await completeDraft(server, "draft-act", "admin", true);
    expect((await server.post("/api/acts/submit-application/draft-act", "admin")).status).toBe(200);
  });
});

describe("refusals of large bodies reach the client", () => {
  it("fetch receives the 413 and its JSON body, and a guest's 401, whatever the size", async () => {
    const http = createServer(getRequestListener(server.app.fetch));
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const { port } = http.address() as { port: number };
    const cookie = (await server.cookieFor("owner")) ?? "";
    try {
      for (const size of [300 * 1024, 2 * 1024 * 1024, 20 * 1024 * 1024]) {
        const body = JSON.stringify({ name: "x".repeat(size) });
        const headers = { "content-type": "application/json", origin: "http://localhost:3000" };
        const tooLarge = await fetch(`http://127.0.0.1:${port}/api/acts/update/dj-nova`, {
          method: "POST",
          headers: { ...headers, cookie },
          body,
        });
        expect(tooLarge.status, `${size}`).toBe(413);
        expect(await tooLarge.json()).toEqual({ message: "The request body is too large", code: "payload_too_large" });
        const guest = await fetch(`http://127.0.0.1:${port}/api/acts/update/dj-nova`, {
          method: "POST",
          headers,
          body,
        });
        expect(guest.status, `${size}`).toBe(401);
      }
    } finally {
      http.close();
    }
  });
});
