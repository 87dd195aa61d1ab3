import { gradientPng } from "#start/demo/demo-files";
import { json, type DemoUser, type TestServer } from "./api-harness";

/**
 * Fills what an application needs before it can be submitted (modules/acts/application-checklist.ts):
 * headline, description, home city, a profile photo, and a tag request.
 */
export async function completeDraft(server: TestServer, url: string, as: DemoUser, musical: boolean): Promise<void> {
  const form = new FormData();
  form.set("purpose", "avatar");
  form.set("file", new File([new Uint8Array(gradientPng(8, 8, [10, 20, 30], [200, 100, 50]))], "avatar.png"));
  const upload = await server.request("/api/uploads", {
    method: "POST",
    body: form,
    cookie: await server.cookieFor(as),
  });
  if (upload.status !== 201) throw new Error(`upload failed: ${upload.status}`);
  const avatar = (await json<{ data: { path: string } }>(upload)).data.path;
  const name = (await json<{ data: { name: string } }>(await server.get(`/api/acts/${url}`, as))).data.name;
  const updated = await server.post(`/api/acts/update/${url}`, as, {
    name,
    avatar,
    headline: "Live music for every room",
    description: "A working act with a full calendar.",
    location: "Austin, TX",
  });
  if (updated.status !== 200) throw new Error(`update failed: ${updated.status} ${await updated.text()}`);
  const tags = (await json<{ data: { id: number; type: string }[] }>(await server.request("/api/tags"))).data;
  const first = (type: string) =>
    tags
      .filter((tag) => tag.type === type)
      .slice(0, 1)
      .map((tag) => tag.id);
  const body = musical
    ? { musical, genres: first("Genre"), "song-types": first("Song Type"), "band-setups": first("Band Setup") }
    : { musical, tags: first("Speaker Type") };
  const requested = await server.post(`/api/acts/request-to-update-tags/${url}`, as, body);
  if (requested.status !== 200) throw new Error(`tag request failed: ${requested.status} ${await requested.text()}`);
}
