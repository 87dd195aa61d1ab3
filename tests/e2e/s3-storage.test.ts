import { existsSync } from "node:fs";
import { join } from "node:path";
import { Upload } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActProfile } from "#modules/acts/act-profile";
import { startS3Server, type TestS3Server } from "../setup/s3";
import { startAppServer } from "./app-server";
import { sessionsFor } from "./demo-sessions";

/**
 * The built server with its files in a real S3-compatible server (s3rver), killed in the
 * middle of a resumable video upload and started again: the upload goes on from where it
 * stopped, and the video is served from the bucket.
 */
let s3: TestS3Server;
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  s3 = await startS3Server();
  app = await startAppServer(s3.env);
});
afterAll(async () => {
  await app?.stop();
  await s3?.close();
});

/** A tiny but real MP4 header followed by filler, as a phone recording starts. */
function clip(size: number): Buffer {
  const bytes = Buffer.alloc(size, 7);
  bytes.set([0, 0, 0, 0x18, ...Buffer.from("ftypmp42")]);
  return bytes;
}

describe("files on S3", () => {
  it("the demo's pictures live in the bucket, not on the server's disk, and are served from it", async () => {
    const profile = ((await (await fetch(`${app.baseUrl}/api/acts/the-velvet-tones`)).json()) as { data: ActProfile })
      .data;
    const image = profile.images[0]!.path;
    expect(await s3.has(image)).toBe(true);
    expect(existsSync(join(app.dataDir, "uploads"))).toBe(false);
    const served = await fetch(`${app.baseUrl}/files/${image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it("a video upload cut off by a killed server resumes on the next one, plays, and its delete removes the object", async () => {
    const bytes = clip(300_000);
    const cookie = (await sessionsFor(app.baseUrl)("owner"))!;
    // Our writes must come from our own origin, which is the server's address here.
    const headersFor = (server: typeof app) => ({ cookie, origin: server.baseUrl });
    const options = {
      chunkSize: 100_000,
      retryDelays: [] as number[],
      metadata: { filetype: "video/mp4", filename: "first-dance.mp4" },
    };

    // The first 100,000 bytes reach S3; then the upload stops and the server dies.
    const uploadUrl = await new Promise<string>((resolve, reject) => {
      const upload = new Upload(bytes, {
        ...options,
        headers: headersFor(app),
        endpoint: `${app.baseUrl}/api/videos/upload/the-velvet-tones/artist?uppyId=first-dance`,
        onChunkComplete: () => {
          void upload.abort().then(() => resolve(upload.url!));
        },
        onError: reject,
      });
      upload.start();
    });
    const dataDir = app.dataDir;
    await app.kill();

    app = await startAppServer(s3.env, { dataDir });
    const moved = (url: string) => url.replace(/^http:\/\/127\.0\.0\.1:\d+/, app.baseUrl);
    const headers = headersFor(app);
    const head = await fetch(moved(uploadUrl), { method: "HEAD", headers: { ...headers, "tus-resumable": "1.0.0" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe("100000");

    const sent: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(bytes, {
        ...options,
        headers,
        uploadUrl: moved(uploadUrl),
        onProgress: (done) => sent.push(done),
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    // Resumed, not started over: nothing before the offset was sent again.
    expect(Math.min(...sent)).toBeGreaterThanOrEqual(100_000);

    const done = await fetch(`${app.baseUrl}/api/videos/upload-complete/first-dance`, { method: "POST", headers });
    expect(done.status).toBe(200);
    const { data } = (await done.json()) as { data: { id: number; path: string } };
    expect(await s3.has(data.path)).toBe(true);
    // The upload's own objects (its parts and bookkeeping) are gone once it is a video.
    expect(await s3.topLevelKeys()).toEqual([]);

    const served = await fetch(`${app.baseUrl}/files/${data.path}`);
    expect(served.headers.get("content-type")).toBe("video/mp4");
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);

    const deleted = await fetch(`${app.baseUrl}/api/videos/delete/the-velvet-tones/${data.id}`, {
      method: "POST",
      headers,
    });
    expect(deleted.status).toBe(200);
    expect(await s3.has(data.path)).toBe(false);
    expect((await fetch(`${app.baseUrl}/files/${data.path}`)).status).toBe(404);
  });
});
