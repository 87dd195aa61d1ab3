import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActProfile } from "../../../domain/act-profile";
import { createTestServer, json, type DemoUser, type TestServer } from "../../../tests/setup/api-harness";
import { gradientPng, simplePdf } from "../../db/demo-files";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const png = () => gradientPng(8, 8, [0, 0, 0], [255, 255, 255]);

async function upload(as: Who, purpose: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.set("purpose", purpose);
  form.set("file", new File([new Uint8Array(bytes)], name));
  return server.request("/api/uploads", { method: "POST", body: form, cookie: await server.cookieFor(as) });
}
async function uploadedPath(as: Who, purpose = "image", bytes: Uint8Array = png(), name = "photo.png") {
  const response = await upload(as, purpose, bytes, name);
  expect(response.status).toBe(201);
  return (await json<{ data: { path: string } }>(response)).data.path;
}
const post = (path: string, as: Who, body?: unknown) => server.post(path, as, body);
const images = async (url: string) => (await json<{ data: ActProfile }>(await server.request(`/api/acts/${url}`))).data.images;

describe("POST /api/uploads", () => {
  it("artists and admins upload; guests and planners cannot", async () => {
    expect((await upload("guest", "image", png(), "a.png")).status).toBe(401);
    expect((await upload("planner", "image", png(), "a.png")).status).toBe(403);
    const response = await upload("owner", "image", png(), "holiday party.png");
    expect(response.status).toBe(201);
    const { data } = await json<{ data: { path: string; mime: string } }>(response);
    expect(data).toMatchObject({ mime: "image/png" });
    expect(data.path).toMatch(/^images\/[0-9a-f-]{36}\.png$/);
    const file = await server.get(`/files/${data.path}`, "owner");
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(png()));
  });

  it("judges the type by the bytes, not the name", async () => {
    const fake = await upload("owner", "image", new TextEncoder().encode("<script>alert(1)</script>"), "evil.png");
    expect(fake.status).toBe(415);
    expect(await fake.json()).toEqual({ message: "Upload a JPEG, PNG, GIF, WebP or AVIF image", code: "unsupported_media_type" });
    // A real PNG named .txt is still a PNG, stored as one.
    expect(await uploadedPath("owner", "image", png(), "notes.txt")).toMatch(/\.png$/);
    expect(await uploadedPath("owner", "document", simplePdf("Rider"), "rider.bin")).toMatch(/^documents\/.+\.pdf$/);
    expect((await upload("owner", "document", new Uint8Array([1, 2, 3, 0, 4]), "x.pdf")).status).toBe(415);
  });

  it("refuses files over the limit, a missing file and an unknown purpose", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(png());
    expect((await upload("owner", "image", big, "big.png")).status).toBe(413);
    expect((await upload("owner", "video", png(), "a.png")).status).toBe(422);
    const form = new FormData();
    form.set("purpose", "image");
    const missing = await server.request("/api/uploads", { method: "POST", body: form, cookie: await server.cookieFor("owner") });
    expect(await missing.json()).toMatchObject({ code: "validation_failed", errors: { file: ["Image is required"] } });
  });
});

describe("images", () => {
  it("only the act's artist and admins add them, from their own uploads", async () => {
    const mine = await uploadedPath("owner");
    expect((await post("/api/images/create/dj-nova", "guest", { path: mine })).status).toBe(401);
    expect((await post("/api/images/create/dj-nova", "planner", { path: mine })).status).toBe(403);
    expect((await post("/api/images/create/dj-nova", "otherArtist", { path: mine })).status).toBe(403);
    const theirs = await uploadedPath("otherArtist");
    const foreign = await post("/api/images/create/dj-nova", "owner", { path: theirs });
    expect(await foreign.json()).toMatchObject({ code: "validation_failed", errors: { path: ["Image is required"] } });
    expect(await (await post("/api/images/create/dj-nova", "owner", {})).json()).toMatchObject({ errors: { path: ["Image is required"] } });
    expect((await post("/api/images/create/dj-nova", "owner", { path: "documents/../../auth-secret" })).status).toBe(422);
    expect((await post("/api/images/create/dj-nova", "owner", { path: mine })).status).toBe(200);
    expect((await post("/api/images/create/dj-nova", "owner", { path: mine })).status).toBe(409);
    expect((await images("dj-nova")).map((image) => image.path)).toEqual([mine]);
  });

  it("a seventh image is refused with 409, even when requests race", async () => {
    expect((await post("/api/images/create/the-velvet-tones", "owner", { path: await uploadedPath("owner") })).status).toBe(409);
    const paths = await Promise.all(Array.from({ length: 7 }, () => uploadedPath("admin")));
    const results = await Promise.all(paths.map((path) => post("/api/images/create/dj-nova", "admin", { path })));
    const statuses = results.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    expect(await images("dj-nova")).toHaveLength(6);
    expect(await results.find((response) => response.status === 409)!.json()).toEqual({ message: "Maximum of 6 images", code: "conflict" });
  });

  it("deletes with the spec's message, and the file goes too", async () => {
    const [image] = await images("dj-nova");
    expect((await post(`/api/images/delete/dj-nova/${image!.id}`, "planner")).status).toBe(403);
    expect((await post(`/api/images/delete/the-velvet-tones/${image!.id}`, "owner")).status).toBe(404);
    expect(await (await post(`/api/images/delete/dj-nova/${image!.id}`, "owner")).json()).toEqual({ data: { message: "Image Deleted" } });
    expect(await images("dj-nova")).toHaveLength(5);
    expect((await server.request(`/files/${image!.path}`)).status).toBe(404);
    expect(await server.storage.open(image!.path)).toBeNull();
  });
});
