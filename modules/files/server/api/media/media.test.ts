import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActProfile } from "#modules/acts/act-profile";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { deflateSync, crc32 } from "node:zlib";
import sharp from "sharp";
import { gradientPng, simplePdf } from "#start/demo/demo-files";
import { IMAGE_TOO_LARGE } from "#modules/files/server/image-cleaning";

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
const images = async (url: string) =>
  (await json<{ data: ActProfile }>(await server.request(`/api/acts/${url}`))).data.images;

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
    // Stored as its pixels, encoded again: the same image, not necessarily the same bytes.
    const served = await sharp(Buffer.from(await file.arrayBuffer()))
      .raw()
      .toBuffer();
    expect(served).toEqual(await sharp(png()).raw().toBuffer());
  });

  it("judges the type by the bytes, not the name", async () => {
    const fake = await upload("owner", "image", new TextEncoder().encode("<script>alert(1)</script>"), "evil.png");
    expect(fake.status).toBe(415);
    expect(await fake.json()).toEqual({
      message: "Upload a JPEG, PNG, GIF, WebP or AVIF image",
      code: "unsupported_media_type",
    });
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
    const missing = await server.request("/api/uploads", {
      method: "POST",
      body: form,
      cookie: await server.cookieFor("owner"),
    });
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
    expect(await (await post("/api/images/create/dj-nova", "owner", {})).json()).toMatchObject({
      errors: { path: ["Image is required"] },
    });
    expect((await post("/api/images/create/dj-nova", "owner", { path: "documents/../../auth-secret" })).status).toBe(
      422,
    );
    expect((await post("/api/images/create/dj-nova", "owner", { path: mine })).status).toBe(200);
    expect((await post("/api/images/create/dj-nova", "owner", { path: mine })).status).toBe(409);
    expect((await images("dj-nova")).map((image) => image.path)).toEqual([mine]);
  });

  it("a seventh image is refused with 409, even when requests race", async () => {
    expect(
      (await post("/api/images/create/the-velvet-tones", "owner", { path: await uploadedPath("owner") })).status,
    ).toBe(409);
    const paths = await Promise.all(Array.from({ length: 7 }, () => uploadedPath("admin")));
    const results = await Promise.all(paths.map((path) => post("/api/images/create/dj-nova", "admin", { path })));
    const statuses = results.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(2);
    expect(await images("dj-nova")).toHaveLength(6);
    expect(await results.find((response) => response.status === 409)!.json()).toEqual({
      message: "Maximum of 6 images",
      code: "conflict",
    });
  });

  it("deletes with the spec's message, and the file goes too", async () => {
    const [image] = await images("dj-nova");
    expect((await post(`/api/images/delete/dj-nova/${image!.id}`, "planner")).status).toBe(403);
    expect((await post(`/api/images/delete/the-velvet-tones/${image!.id}`, "owner")).status).toBe(404);
    expect(await (await post(`/api/images/delete/dj-nova/${image!.id}`, "owner")).json()).toEqual({
      data: { message: "Image Deleted" },
    });
    expect(await images("dj-nova")).toHaveLength(5);
    expect((await server.request(`/files/${image!.path}`)).status).toBe(404);
    expect(await server.storage.open(image!.path)).toBeNull();
  });
});

/** A PNG that declares width x height pixels but carries one tiny compressed row: a decompression bomb's header. */
function bombPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([
      signature,
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(Buffer.alloc(50_000))),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

/**
 * A GIF whose canvas is width x height with `frames` frames of one pixel each: a few hundred
 * bytes that a decoder turns into frames x width x height pixels.
 */
function bombGif(width: number, height: number, frames: number): Uint8Array {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen.set([0x80, 0, 0], 4); // a global table of two colours
  const frame = Buffer.from([
    0x21, 0xf9, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00,
  ]);
  const loop = Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0", "latin1"), 0x03, 0x01, 0x00, 0x00, 0x00]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from("GIF89a", "latin1"),
      screen,
      Buffer.from([0, 0, 0, 255, 255, 255]),
      loop,
      ...Array(frames).fill(frame),
      Buffer.from([0x3b]),
    ]),
  );
}

describe("photos and avatars keep nothing but their pixels", () => {
  it("a JPEG's EXIF (GPS position, camera) and comment are gone, its orientation applied", async () => {
    // 40 x 20 pixels, marked "rotate 90° clockwise to show": it shows as 20 x 40.
    const original = await sharp({
      create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: "SpyCam", Model: "Secret Model 9", ImageDescription: "home-address-caption" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "41/1 52/1 5527/100",
          GPSLongitudeRef: "W",
          GPSLongitude: "87/1 37/1 4040/100",
        },
      })
      .toBuffer();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(original.includes("SpyCam")).toBe(true);
    for (const purpose of ["image", "avatar"]) {
      const path = await uploadedPath("owner", purpose, new Uint8Array(original), "holiday.jpg");
      const served = Buffer.from(await (await server.get(`/files/${path}`, "owner")).arrayBuffer());
      const after = await sharp(served).metadata();
      expect(after.format).toBe("jpeg");
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect([after.width, after.height]).toEqual([20, 40]);
      for (const secret of ["SpyCam", "Secret Model", "home-address-caption", "GPS"])
        expect(served.includes(secret), secret).toBe(false);
    }
  });

  it("whatever follows the image data (a PNG/HTML polyglot's script) is dropped", async () => {
    const polyglot = Buffer.concat([
      Buffer.from(png()),
      Buffer.from("<html><script>alert(document.cookie)</script></html>"),
    ]);
    const path = await uploadedPath("owner", "image", new Uint8Array(polyglot), "poly.png");
    const served = Buffer.from(await (await server.get(`/files/${path}`, "owner")).arrayBuffer());
    expect(served.includes("<script>")).toBe(false);
  });

  it("an image declaring over 50 megapixels is refused from its header, 422", async () => {
    for (const [width, height] of [
      [65_535, 65_535],
      [10_000, 5_001],
    ] as const) {
      const bomb = bombPng(width, height);
      expect(bomb.byteLength).toBeLessThan(60_000);
      for (const purpose of ["image", "avatar"]) {
        const response = await upload("owner", purpose, bomb, "bomb.png");
        expect(response.status, `${width}x${height}`).toBe(422);
        expect(await response.json()).toEqual({
          message: "Some fields are not valid",
          code: "validation_failed",
          errors: { file: [IMAGE_TOO_LARGE] },
        });
      }
    }
    // 50 megapixels exactly is allowed through the header check (and then read as what it is).
    expect((await upload("owner", "image", bombPng(10_000, 5_000), "edge.png")).status).not.toBe(422);
  });

  it("an animation counts every frame: 20 frames of 2000 x 2000 are 80 megapixels, refused from the header", async () => {
    const { default: sharpOf } = await import("sharp");
    const bomb = bombGif(2_000, 2_000, 20);
    expect(bomb.byteLength).toBeLessThan(1_000);
    expect((await sharpOf(bomb).metadata()).pages).toBe(20);
    const response = await upload("owner", "image", bomb, "frames.gif");
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: "Some fields are not valid",
      code: "validation_failed",
      errors: { file: [IMAGE_TOO_LARGE] },
    });
    // One frame of the same canvas is a 4-megapixel image like any other.
    expect((await upload("owner", "image", bombGif(2_000, 2_000, 1), "one.gif")).status).toBe(201);
  });
});
