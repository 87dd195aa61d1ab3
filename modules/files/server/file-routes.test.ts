import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { gradientPng } from "#start/demo/demo-files";
import { FILE_FOLDERS } from "./stored-file-key";

let server: TestServer;
let privateDocument: string;
let publicImage: string;
beforeAll(async () => {
  server = await createTestServer();
  const docs = (
    await json<{ data: { title: string; file_path: string }[] }>(
      await server.get("/api/documents?actUrl=the-velvet-tones", "owner"),
    )
  ).data;
  privateDocument = docs.find((doc) => doc.title === "Insurance Certificate")!.file_path;
  const profile = (
    await json<{ data: { images: { path: string }[] } }>(await server.request("/api/acts/the-velvet-tones"))
  ).data;
  publicImage = profile.images[0]!.path;
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";

async function upload(as: Who, purpose: string, bytes: Uint8Array, name: string): Promise<string> {
  const form = new FormData();
  form.set("purpose", purpose);
  form.set("file", new File([new Uint8Array(bytes)], name));
  const response = await server.request("/api/uploads", {
    method: "POST",
    body: form,
    cookie: await server.cookieFor(as),
  });
  expect(response.status).toBe(201);
  return (await json<{ data: { path: string } }>(response)).data.path;
}

function expectFileHeaders(response: Response) {
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("content-security-policy")).toMatch(/(^|;\s*)sandbox(;|$)/);
}

/** Ways of naming `target` from inside `prefix` that climb out of it, in every encoding we know of. */
function climbs(prefix: string, target: string): string[] {
  const [folder, name] = target.split("/") as [string, string];
  const upper = (text: string) => text.replace(/%[0-9a-f]{2}/g, (code) => code.toUpperCase());
  const variants = [
    `${prefix}/..%2F${folder}%2F${name}`,
    `${prefix}/%2e%2e%2f${folder}%2f${name}`,
    `${prefix}/%2E%2E%2F${folder}%2F${name}`,
    `${prefix}/..%5C${folder}%5C${name}`,
    `${prefix}/%2e%2e%5c${folder}%5c${name}`,
    `${prefix}/%252e%252e%252f${folder}%252f${name}`,
    `${prefix}/..%252F${folder}%252F${name}`,
    `${prefix}/%c0%ae%c0%ae%c0%af${folder}%c0%af${name}`,
    `${prefix}/..%00/${folder}/${name}`,
    `${prefix}/${name}%00.png`,
    `${prefix}/.%2F${name}`,
    `${prefix}%2F..%2F${folder}%2F${name}`,
    `${prefix}/a/..%2F..%2F${folder}%2F${name}`,
    `${prefix}/..%2F..%2F..%2F..%2Fetc%2Fpasswd`,
    `${prefix}/..%2F..%2Fpglite%2FPG_VERSION`,
    `${prefix}/..`,
    `${prefix}/%2e`,
  ];
  return [...variants, ...variants.map(upper)];
}

describe("GET /files", () => {
  it("serves no file from a path that climbs out of its folder, from any prefix, in any encoding", async () => {
    for (const prefix of [...FILE_FOLDERS, "uploads", "tus", "x"]) {
      for (const path of climbs(prefix, privateDocument)) {
        for (const who of ["guest", "planner"] as const) {
          const response = await server.get(`/files/${path}`, who);
          expect(response.status, `${who} ${path}`).toBe(404);
          expectFileHeaders(response);
          expect(await response.text(), path).not.toContain("%PDF");
        }
      }
    }
    // The same document by its own name is still refused to them, and served to its artist.
    expect((await server.request(`/files/${privateDocument}`)).status).toBe(404);
    expect((await server.get(`/files/${privateDocument}`, "owner")).status).toBe(200);
  });

  it("sends nosniff and a sandboxing policy with every file, found or not", async () => {
    const image = await server.request(`/files/${publicImage}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expectFileHeaders(image);
    expectFileHeaders(await server.request("/files/images/nothing.png"));
  });

  it("an SVG document is served as an attachment under a sandbox, never from the image folders", async () => {
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
    );
    const key = await upload("owner", "document", svg, "logo.svg");
    expect(key).toMatch(/^documents\/.+\.svg$/);
    const created = await server.post("/api/documents/create/the-velvet-tones", "owner", {
      title: "Logo",
      path: key,
      is_public: true,
    });
    expect(created.ok).toBe(true);
    const { data } = await json<{ data: { id: number } }>(created);
    expect((await server.post(`/api/documents/approve/${data.id}`, "admin")).status).toBe(200);
    const served = await server.request(`/files/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-disposition")).toBe("attachment");
    expectFileHeaders(served);
    // The same bytes named as an image or avatar are not found there.
    const name = key.split("/")[1]!;
    for (const folder of ["images", "avatars"])
      expect((await server.get(`/files/${folder}/${name}`, "owner")).status).toBe(404);
    // Images and avatars never take SVG.
    for (const purpose of ["image", "avatar"]) {
      const form = new FormData();
      form.set("purpose", purpose);
      form.set("file", new File([svg], "logo.svg"));
      expect(
        (await server.request("/api/uploads", { method: "POST", body: form, cookie: await server.cookieFor("owner") }))
          .status,
      ).toBe(415);
    }
  });

  it("an upload nothing uses yet is served only to its uploader, and to everyone once it is on an act", async () => {
    const key = await upload("owner", "image", gradientPng(8, 8, [10, 20, 30], [200, 100, 50]), "new.png");
    expect((await server.request(`/files/${key}`)).status).toBe(404);
    expect((await server.get(`/files/${key}`, "planner")).status).toBe(404);
    expect((await server.get(`/files/${key}`, "otherArtist")).status).toBe(404);
    const own = await server.get(`/files/${key}`, "owner");
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect((await server.post("/api/images/create/dj-nova", "owner", { path: key })).status).toBe(200);
    const attached = await server.request(`/files/${key}`);
    expect(attached.status).toBe(200);
    expect(attached.headers.get("cache-control")).toMatch(/^public/);
  });
});

describe("sized copies of photos and avatars", () => {
  it("are WebP copies made at upload, no wider than asked, seen by whoever sees the original, cached for good once public", async () => {
    const key = await upload("owner", "image", gradientPng(900, 600, [10, 20, 30], [200, 100, 50]), "wide.png");
    const stored = await server.storage.open(`${key}.320w.webp`);
    expect(stored, "made at upload").not.toBeNull();
    // Before it is on an act, only its uploader sees it, as the original.
    expect((await server.request(`/files/${key}.320w.webp`)).status).toBe(404);
    expect((await server.get(`/files/${key}.320w.webp`, "owner")).status).toBe(200);
    expect((await server.post("/api/images/create/dj-nova", "owner", { path: key })).status).toBe(200);
    const { default: sharp } = await import("sharp");
    for (const [width, expected] of [
      [160, 160],
      [320, 320],
      [640, 640],
      [1280, 900],
    ] as const) {
      const response = await server.request(`/files/${key}.${width}w.webp`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expectFileHeaders(response);
      const meta = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
      expect([meta.format, meta.width], `${width}w`).toEqual(["webp", expected]);
    }
    // Only the widths we make, of names we made.
    expect((await server.request(`/files/${key}.300w.webp`)).status).toBe(404);
    expect((await server.request(`/files/${key}.320w.png`)).status).toBe(404);
    expect((await server.request(`/files/documents/${key.split("/")[1]}.320w.webp`)).status).toBe(404);
  });

  it("a copy missing (an image stored before copies were made) is made on its first request", async () => {
    await server.storage.remove(`${publicImage}.160w.webp`);
    const response = await server.request(`/files/${publicImage}.160w.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(await server.storage.open(`${publicImage}.160w.webp`)).not.toBeNull();
  });

  it("exist only under their canonical names: any other spelling of a width is 404 and writes nothing", async () => {
    for (const spelling of ["0320w", "00320w", "000320w", "0160w", "320W"]) {
      const response = await server.request(`/files/${publicImage}.${spelling}.webp`);
      expect(response.status, spelling).toBe(404);
      expect(await server.storage.open(`${publicImage}.${decodeURIComponent(spelling)}.webp`), spelling).toBeNull();
    }
  });

  it("go with their image when it is deleted", async () => {
    const key = await upload("owner", "image", gradientPng(64, 64, [1, 2, 3], [250, 5, 6]), "gone.png");
    const created = await json<{ data: { id: number } }>(
      await server.post("/api/images/create/dj-nova", "owner", { path: key }),
    );
    expect(await server.storage.open(`${key}.640w.webp`)).not.toBeNull();
    expect((await server.post(`/api/images/delete/dj-nova/${created.data.id}`, "owner")).status).toBe(200);
    expect(await server.storage.open(key)).toBeNull();
    expect(await server.storage.open(`${key}.640w.webp`)).toBeNull();
  });
});

describe("unused uploads", () => {
  it("are removed, row and file, a day after they were sent; used ones stay", async () => {
    const { removeStaleUploads } = await import("./uploads");
    const { uploads } = await import("#modules/files/server/tables");
    const { eq } = await import("drizzle-orm");
    const unused = await upload("owner", "image", gradientPng(8, 8, [1, 2, 3], [4, 5, 6]), "old.png");
    const used = await upload("owner", "avatar", gradientPng(8, 8, [9, 9, 9], [1, 1, 1]), "face.png");
    expect((await server.post("/api/acts/update/dj-nova", "owner", { name: "DJ Nova", avatar: used })).status).toBe(
      200,
    );
    const db = server.database.db;
    expect(await removeStaleUploads(db, server.storage)).toBe(0);
    const dayAndMinuteLater = new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000);
    expect(await removeStaleUploads(db, server.storage, dayAndMinuteLater)).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(uploads).where(eq(uploads.key, unused))).toEqual([]);
    expect((await server.get(`/files/${unused}`, "owner")).status).toBe(404);
    expect((await db.select().from(uploads).where(eq(uploads.key, used))).length).toBe(1);
    expect((await server.request(`/files/${used}`)).status).toBe(200);
  });
});
