import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActProfile } from "#modules/acts/act-profile";
import { eq } from "drizzle-orm";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { videoUploads } from "#modules/files/server/tables";
import { TOO_MANY_OPEN_UPLOADS, removeStaleVideoUploads } from "#modules/files/server/videos";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const post = (path: string, as: Who, body?: unknown) => server.post(path, as, body);
const videos = async (url: string) =>
  (await json<{ data: ActProfile }>(await server.request(`/api/acts/${url}`))).data.videos;

/** A tiny but real MP4 header followed by filler: what a phone recording starts with. */
function fakeMp4(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypmp42")]);
  return bytes;
}
const b64 = (value: string) => Buffer.from(value).toString("base64");

async function tus(as: Who, method: string, path: string, headers: Record<string, string> = {}, body?: Uint8Array) {
  return server.request(path, {
    method,
    cookie: await server.cookieFor(as),
    headers: { "tus-resumable": "1.0.0", origin: "http://localhost:3000", ...headers },
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
}

async function createUpload(as: Who, act: string, user: string, uppyId: string, length: number, type = "video/mp4") {
  return tus(as, "POST", `/api/videos/upload/${act}/${user}?uppyId=${encodeURIComponent(uppyId)}`, {
    "upload-length": String(length),
    "upload-metadata": `filetype ${b64(type)},filename ${b64("clip.mp4")}`,
  });
}

describe("video links", () => {
  it("strips whitespace, plays YouTube or Vimeo only, and is for the act's managers", async () => {
    expect(
      (await post("/api/videos/upload-link/dj-nova", "planner", { link: "https://youtu.be/dQw4w9WgXcQ" })).status,
    ).toBe(403);
    expect(
      (await post("/api/videos/upload-link/dj-nova", "otherArtist", { link: "https://youtu.be/dQw4w9WgXcQ" })).status,
    ).toBe(403);
    const bad = await post("/api/videos/upload-link/dj-nova", "owner", { link: "https://example.com/clip" });
    expect(await bad.json()).toMatchObject({ code: "validation_failed", errors: { link: ["Error: Invalid link"] } });
    expect(
      (await post("/api/videos/upload-link/dj-nova", "owner", { link: " https://vimeo.com/ 76979871 " })).status,
    ).toBe(200);
    expect((await videos("dj-nova"))[0]).toMatchObject({ link: "https://vimeo.com/76979871", file_path: null });
  });

  it("a seventh video is 409", async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await post("/api/videos/upload-link/dj-nova", "owner", { link: "https://youtu.be/dQw4w9WgXcQ" })).status,
      ).toBe(200);
    const seventh = await post("/api/videos/upload-link/dj-nova", "owner", { link: "https://youtu.be/dQw4w9WgXcQ" });
    expect(seventh.status).toBe(409);
    expect(await seventh.json()).toEqual({ message: "Maximum of 6 videos", code: "conflict" });
    expect((await createUpload("owner", "dj-nova", "artist", "uppy-full", 100)).status).toBe(409);
  });

  it("the act's managers remove one", async () => {
    const [first] = await videos("dj-nova");
    expect((await post(`/api/videos/delete/dj-nova/${first!.id}`, "otherArtist")).status).toBe(403);
    expect(await (await post(`/api/videos/delete/dj-nova/${first!.id}`, "owner")).json()).toEqual({
      data: { message: "Video Deleted" },
    });
    expect(await videos("dj-nova")).toHaveLength(5);
  });
});

describe("resumable video uploads (tus)", () => {
  it("only the act's managers start one, at their own address, for video files", async () => {
    expect((await createUpload("guest", "the-velvet-tones", "artist", "u1", 100)).status).toBe(401);
    expect((await createUpload("otherArtist", "the-velvet-tones", "artist2", "u1", 100)).status).toBe(403);
    expect((await createUpload("owner", "the-velvet-tones", "artist2", "u1", 100)).status).toBe(404);
    expect((await createUpload("owner", "the-velvet-tones", "artist", "u1", 100, "image/png")).status).toBe(415);
    expect((await createUpload("owner", "the-velvet-tones", "artist", "u1", 3 * 1024 * 1024 * 1024)).status).toBe(413);
  });

  it("resumes after a restart from the offset HEAD reports, then becomes a video", async () => {
    const file = fakeMp4(300_000);
    const created = await createUpload(
      "owner",
      "the-velvet-tones",
      "artist",
      "uppy-clip/mp4-1e-video/mp4-300000",
      file.length,
    );
    expect(created.status).toBe(201);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/api\/videos\/upload\/the-velvet-tones\/artist\/[0-9a-f-]{36}$/);

    const first = await tus(
      "owner",
      "PATCH",
      location,
      { "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      file.slice(0, 120_000),
    );
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe("120000");

    // Someone else cannot touch it.
    expect((await tus("otherArtist", "HEAD", location)).status).toBe(404);

    server.restart();
    const head = await tus("owner", "HEAD", location);
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe("120000");

    // Completing early is refused.
    expect(
      (await post(`/api/videos/upload-complete/${encodeURIComponent("uppy-clip/mp4-1e-video/mp4-300000")}`, "owner"))
        .status,
    ).toBe(409);

    const rest = await tus(
      "owner",
      "PATCH",
      location,
      { "upload-offset": "120000", "content-type": "application/offset+octet-stream" },
      file.slice(120_000),
    );
    expect(rest.headers.get("upload-offset")).toBe("300000");

    expect(
      (
        await post(
          `/api/videos/upload-complete/${encodeURIComponent("uppy-clip/mp4-1e-video/mp4-300000")}`,
          "otherArtist",
        )
      ).status,
    ).toBe(404);
    const done = await post(
      `/api/videos/upload-complete/${encodeURIComponent("uppy-clip/mp4-1e-video/mp4-300000")}`,
      "owner",
    );
    expect(done.status).toBe(200);
    const { data } = await json<{ data: { path: string; message: string } }>(done);
    expect(data.message).toBe("Video Uploaded");
    const list = await videos("the-velvet-tones");
    expect(list.at(-1)).toMatchObject({ link: null, file_path: data.path });
    const served = await server.request(`/files/${data.path}`);
    expect(served.headers.get("content-type")).toBe("video/mp4");
    expect((await served.arrayBuffer()).byteLength).toBe(300_000);
    // The upload's own copy is gone once it is a video.
    await expect(server.storage.readUploadStart(location.split("/").pop()!, 1)).rejects.toThrow();
  });

  it("a file that is not a video by its bytes is refused at completion", async () => {
    const bytes = new TextEncoder().encode("just text pretending to be a video");
    const created = await createUpload("owner", "the-velvet-tones", "artist", "uppy-fake", bytes.length);
    await tus(
      "owner",
      "PATCH",
      created.headers.get("location")!,
      { "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      bytes,
    );
    const done = await post("/api/videos/upload-complete/uppy-fake", "owner");
    expect(done.status).toBe(415);
    expect(await videos("the-velvet-tones")).toHaveLength(3);
  });
});

describe("unfinished uploads are bounded", () => {
  it("an act has at most 2 open, a length is required, and one left a day after its last byte goes with its bytes", async () => {
    const opened: string[] = [];
    for (const n of [1, 2]) {
      const created = await createUpload("owner", "dj-nova", "artist", `open-${n}`, 2 * 1024 * 1024 * 1024);
      expect(created.status).toBe(201);
      opened.push(created.headers.get("location")!);
    }
    const third = await createUpload("owner", "dj-nova", "artist", "open-3", 100);
    expect(third.status).toBe(409);
    expect(await third.json()).toEqual({ message: TOO_MANY_OPEN_UPLOADS, code: "conflict" });
    // An upload of unknown length is refused outright.
    const deferred = await tus("owner", "POST", "/api/videos/upload/the-velvet-tones/artist?uppyId=defer", {
      "upload-defer-length": "1",
      "upload-metadata": `filetype ${b64("video/mp4")}`,
    });
    expect(deferred.status).toBe(400);

    // A byte keeps the first alive; the second waits a day untouched and is removed with its bytes.
    const later = new Date(Date.now() + 23 * 60 * 60 * 1000);
    await server.database.db
      .update(videoUploads)
      .set({ lastByteAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
      .where(eq(videoUploads.tusId, opened[1]!.split("/").pop()!));
    expect(await removeStaleVideoUploads(server.database.db, server.storage, later)).toBe(1);
    expect((await tus("owner", "HEAD", opened[1]!)).status).toBe(404);
    await expect(server.storage.readUploadStart(opened[1]!.split("/").pop()!, 1)).rejects.toThrow();
    expect((await tus("owner", "HEAD", opened[0]!)).status).toBe(200);
    // With one open again, a new one may start.
    expect((await createUpload("owner", "dj-nova", "artist", "open-4", 100)).status).toBe(201);
  });
});

describe("the tus endpoint's path", () => {
  it("refuses NUL in any segment with a 400 and ids beyond reach with a 404, never a 500", async () => {
    for (const path of [
      "/api/videos/upload/a%00b/x",
      "/api/videos/upload/dj-nova/%00",
      "/api/videos/upload/dj-nova/x/%00",
      "/api/videos/upload/dj-nova/x/a%00",
    ]) {
      for (const method of ["POST", "HEAD", "PATCH", "DELETE"]) {
        const response = await tus("owner", method, path, { "upload-length": "10" });
        expect(response.status, `${method} ${path}`).toBe(400);
      }
    }
    expect((await tus("owner", "HEAD", "/api/videos/upload/dj-nova/x/2147483648")).status).toBe(404);
  });
});
