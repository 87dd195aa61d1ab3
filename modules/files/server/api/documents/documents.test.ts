import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import type { ActProfile } from "#modules/acts/act-profile";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { simplePdf } from "#start/demo/demo-files";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const post = (path: string, as: Who, body?: unknown) => server.post(path, as, body);
const get = (path: string, as: Who) => server.get(path, as);

async function uploadPdf(as: Who, name = "rider.pdf") {
  const form = new FormData();
  form.set("purpose", "document");
  form.set("file", new File([new Uint8Array(simplePdf("Rider"))], name));
  const response = await server.request("/api/uploads", {
    method: "POST",
    body: form,
    cookie: await server.cookieFor(as),
  });
  return (await json<{ data: { path: string } }>(response)).data.path;
}

interface DocumentView {
  id: number;
  title: string;
  type: string;
  approval: string;
  is_public: boolean;
  file_path: string;
  act: { url: string };
}
const list = async (as: Who, query = "") =>
  (await json<{ data: DocumentView[] }>(await get(`/api/documents${query}`, as))).data;

describe("documents", () => {
  it("lists the documents of the caller's own acts; admins see all", async () => {
    expect((await list("owner")).map((doc) => doc.title)).toEqual(["Stage Plot", "Song List", "Insurance Certificate"]);
    expect(await list("otherArtist")).toEqual([]);
    expect((await list("admin")).length).toBe(3);
    expect((await get("/api/documents", "planner")).status).toBe(403);
    expect((await get("/api/documents", "guest")).status).toBe(401);
    expect((await get("/api/documents?actUrl=the-velvet-tones", "otherArtist")).status).toBe(403);
  });

  it("the act's artist adds one, which waits for approval; the spec's label by type", async () => {
    const path = await uploadPdf("owner", "Tech Rider.pdf");
    expect((await post("/api/documents/create/the-velvet-tones", "otherArtist", { title: "Rider", path })).status).toBe(
      403,
    );
    expect((await post("/api/documents/create/the-velvet-tones", "planner", { title: "Rider", path })).status).toBe(
      403,
    );
    expect(await (await post("/api/documents/create/the-velvet-tones", "owner", {})).json()).toMatchObject({
      errors: { title: ["Title is required"], path: ["Document is required"] },
    });
    expect(
      (
        await post("/api/documents/create/the-velvet-tones", "owner", {
          title: "Rider",
          path: await uploadPdf("otherArtist"),
        })
      ).status,
    ).toBe(422);
    expect(
      (await post("/api/documents/create/the-velvet-tones", "owner", { title: "Tech Rider", path, is_public: true }))
        .status,
    ).toBe(200);
    expect(
      (await post("/api/documents/create/the-velvet-tones", "owner", { title: "Again", path, is_public: true })).status,
    ).toBe(409);
    const doc = (await list("owner")).find((item) => item.title === "Tech Rider")!;
    expect(doc).toMatchObject({ type: "PDF Document", approval: "pending", is_public: true });
    // Not approved yet: only its managers may fetch it, and the profile does not show it.
    expect((await server.request(`/files/${doc.file_path}`)).status).toBe(404);
    expect((await get(`/files/${doc.file_path}`, "owner")).status).toBe(200);
    expect((await get(`/files/${doc.file_path}`, "otherArtist")).status).toBe(404);
    const profile = (await json<{ data: ActProfile }>(await server.request("/api/acts/the-velvet-tones"))).data;
    expect(profile.approvedPublicDocuments.map((item) => item.title)).not.toContain("Tech Rider");
  });

  it("admins approve or decline; an approved public one appears on the profile for everyone", async () => {
    const doc = (await list("owner")).find((item) => item.title === "Tech Rider")!;
    for (const who of ["guest", "planner", "owner", "otherArtist"] as const) {
      expect((await post(`/api/documents/approve/${doc.id}`, who)).status, who).toBe(who === "guest" ? 401 : 403);
    }
    expect(await (await post(`/api/documents/approve/${doc.id}`, "admin")).json()).toEqual({
      data: { message: "Tech Rider Approved" },
    });
    const profile = (await json<{ data: ActProfile }>(await server.request("/api/acts/the-velvet-tones"))).data;
    expect(profile.approvedPublicDocuments.map((item) => item.title)).toContain("Tech Rider");
    const file = await server.request(`/files/${doc.file_path}`);
    expect(file.status).toBe(200);
    // A PDF may show in place; it runs under the sandbox every stored file gets.
    expect(file.headers.get("content-disposition")).toBe("inline");
    expect((await post(`/api/documents/decline/${doc.id}`, "admin")).status).toBe(200);
    expect((await server.request(`/files/${doc.file_path}`)).status).toBe(404);
  });

  it("a private document is served only to its managers, even when approved", async () => {
    const insurance = (await list("owner")).find((item) => item.title === "Insurance Certificate")!;
    expect(insurance).toMatchObject({ approval: "approved", is_public: false });
    expect((await server.request(`/files/${insurance.file_path}`)).status).toBe(404);
    expect((await get(`/files/${insurance.file_path}`, "planner")).status).toBe(404);
    expect((await get(`/files/${insurance.file_path}`, "admin")).status).toBe(200);
  });

  it("the act's artist or an admin deletes one, with its file", async () => {
    const doc = (await list("owner")).find((item) => item.title === "Tech Rider")!;
    expect((await post(`/api/documents/delete/${doc.id}`, "otherArtist")).status).toBe(403);
    expect(await (await post(`/api/documents/delete/${doc.id}`, "owner")).json()).toEqual({
      data: { message: "Tech Rider Deleted" },
    });
    expect((await get(`/files/${doc.file_path}`, "owner")).status).toBe(404);
    expect((await post(`/api/documents/delete/${doc.id}`, "owner")).status).toBe(404);
  });
});

describe("what one act may keep", () => {
  it(`at most ${LIMITS.maxDocuments} documents: then 409 with the reason, and the upload stays unused`, async () => {
    await server.database.db.execute(
      sql`insert into documents (act_id, title, file_path, file_path_raw, is_public, approval) select a.id, 'Filler ' || g, 'documents/filler-' || g || '.pdf', 'filler.pdf', false, 'pending' from acts a, generate_series(1, ${LIMITS.maxDocuments}) g where a.url = 'dj-nova'`,
    );
    const path = await uploadPdf("owner", "One too many.pdf");
    const refused = await post("/api/documents/create/dj-nova", "owner", { title: "One too many", path });
    expect(refused.status).toBe(409);
    expect((await json<{ message: string }>(refused)).message).toBe(MESSAGES.tooManyDocuments);
    expect((await list("owner", "?actUrl=dj-nova")).length).toBe(LIMITS.maxDocuments);
  });
});
