import sharp from "sharp";
import { startSmtpServer } from "#tests/setup/smtp";
import { createMailTransport } from "#server/mail/transport";
import { eventually } from "#tests/setup/eventually";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPeerServer, createTestServer, type TestServer } from "#tests/setup/api-harness";
import type { SsrHandler } from "./app";
import { SIGN_IN_LIMIT } from "#modules/accounts/server/start";
import { acts } from "#modules/acts/server/tables";
import { gradientPng } from "./demo/demo-files";

/**
 * Two app servers on one PostgreSQL database and one S3 bucket (issue 15): what one writes,
 * the other shows at once, even from its guest page cache; a file uploaded to one is served
 * by the other, and a video upload started on one is finished on the other; sign-in attempts
 * count across both; and a mail is sent once whichever server's worker takes it. On the embedded database one process is
 * the rule (README, Scaling out), so this runs on the PostgreSQL leg of the suite.
 */

const ssr: SsrHandler = async (request, context) => {
  const url = new URL(request.url).pathname.split("/").pop()!;
  const [act] = await context.db.select({ name: acts.name }).from(acts).where(eq(acts.url, url));
  return new Response(`<p>${act?.name ?? "missing"}</p>`, {
    status: act ? 200 : 404,
    headers: { "content-type": "text/html; charset=utf-8" },
  });
};

const onPostgres = process.env.TEST_DB === "postgres";
let a: TestServer;
let b: Awaited<ReturnType<typeof createPeerServer>>;

beforeAll(async () => {
  if (!onPostgres) return;
  a = await createTestServer({ ssr, guestCache: true, storage: "s3" });
  b = await createPeerServer(a, { ssr, guestCache: true });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe.runIf(onPostgres)("two app servers on one database", () => {
  it("a write through server A shows on server B's next guest page, though B had it cached", async () => {
    const page = async () => {
      const response = await b.request("/entertainment/dj-nova", { headers: { "accept-encoding": "identity" } });
      return { cache: response.headers.get("x-cache"), body: await response.text() };
    };
    expect((await page()).body).toBe("<p>DJ Nova</p>");
    expect(await page()).toEqual({ cache: "hit", body: "<p>DJ Nova</p>" });
    expect((await a.post("/api/acts/update/dj-nova", "owner", { name: "DJ Nova Live" })).status).toBe(200);
    // The change reaches B by PostgreSQL's notification, as it reaches A.
    await eventually(async () => (await page()).body === "<p>DJ Nova Live</p>");
    // The JSON answer never waits for a notification: it reads the database.
    expect(((await (await b.request("/api/acts/dj-nova")).json()) as { data: { name: string } }).data.name).toBe(
      "DJ Nova Live",
    );
  });

  it("serves from B a file uploaded to A, and finishes on B a video upload started on A", async () => {
    const cookie = await a.cookieFor("owner");
    const form = new FormData();
    form.set("purpose", "image");
    const picture = new Uint8Array(gradientPng(8, 8, [0, 0, 0], [255, 255, 255]));
    form.set("file", new File([picture], "photo.png"));
    const uploaded = await a.request("/api/uploads", { method: "POST", body: form, cookie });
    const { path } = ((await uploaded.json()) as { data: { path: string } }).data;
    expect((await a.post("/api/images/create/dj-nova", "owner", { path })).status).toBe(200);
    const served = await b.request(`/files/${path}`);
    expect(served.status).toBe(200);
    // Stored as its pixels, encoded again (its metadata dropped): the same image.
    expect(
      await sharp(Buffer.from(await served.arrayBuffer()))
        .raw()
        .toBuffer(),
    ).toEqual(await sharp(picture).raw().toBuffer());

    const video = new Uint8Array(200_000).fill(7);
    video.set([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypmp42")]);
    const tus = { "tus-resumable": "1.0.0", origin: "http://localhost:3000" };
    const created = await a.request("/api/videos/upload/dj-nova/artist?uppyId=across", {
      method: "POST",
      cookie,
      headers: {
        ...tus,
        "upload-length": "200000",
        "upload-metadata": `filetype ${Buffer.from("video/mp4").toString("base64")}`,
      },
    });
    const location = created.headers.get("location")!;
    const patch = (server: { request: TestServer["request"] }, from: number, to: number) =>
      server.request(location, {
        method: "PATCH",
        cookie,
        headers: { ...tus, "upload-offset": String(from), "content-type": "application/offset+octet-stream" },
        body: video.slice(from, to),
      });
    expect((await patch(a, 0, 80_000)).headers.get("upload-offset")).toBe("80000");
    const head = await b.request(location, { method: "HEAD", cookie, headers: tus });
    expect(head.headers.get("upload-offset")).toBe("80000");
    expect((await patch(b, 80_000, 200_000)).headers.get("upload-offset")).toBe("200000");
    const done = await b.request("/api/videos/upload-complete/across", { method: "POST", cookie, json: {} });
    const { data } = (await done.json()) as { data: { path: string } };
    expect((await a.request(`/files/${data.path}`)).headers.get("content-length")).toBe("200000");
  });

  it("counts failed sign-ins from one address on both servers toward one limit", async () => {
    const ip = "203.0.113.77";
    // A different address each time, so that only the per-address limit can refuse.
    let tried = 0;
    const attempt = (server: { request: TestServer["request"] }) =>
      server.request("/api/auth/sign-in/email", {
        json: { email: `nobody-${tried++}@example.com`, password: "wrong-password" },
        ip,
      });
    const statuses: number[] = [];
    for (let n = 0; n < SIGN_IN_LIMIT.max; n++) statuses.push((await attempt(n % 2 === 0 ? a : b)).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect((await attempt(a)).status).toBe(429);
    expect((await attempt(b)).status).toBe(429);
  });

  it("sends a mail once when both servers' workers look at the same moment", async () => {
    expect((await a.post("/api/acts/set-status/pending-act", "admin", { status: "approved" })).status).toBe(200);
    // A real SMTP server receives what both workers send, each through its own connection.
    const smtp = await startSmtpServer();
    const { deliverDueMail } = await import("#server/mail/outbox");
    const viaSmtp = () => ({ ...a.mailDeps, transport: createMailTransport({ ...a.env, smtpUrl: smtp.url }) });
    const [depsA, depsB] = [viaSmtp(), viaSmtp()];
    try {
      const counts = await Promise.all([deliverDueMail(a.database.db, depsA), deliverDueMail(b.database.db, depsB)]);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
      await eventually(async () => smtp.received.length > 0);
      expect(smtp.received.map((mail) => mail.subject)).toEqual(["Pending Act is approved | EVA"]);
    } finally {
      depsA.transport.close();
      depsB.transport.close();
      await smtp.stop();
    }
  });
});
