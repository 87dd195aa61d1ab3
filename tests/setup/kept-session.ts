import { sessionTokenOf } from "#server/http/session-cookie";
import type { TestServer } from "./api-harness";
import { eventually } from "./eventually";

/**
 * Asks with `cookie` until the server keeps its session in memory. A burst test needs every
 * request to reach the per-client limit without waiting on the database: one that looks its
 * session up reaches the limit later, when a request admitted before it may be over (5 of 12
 * searches ran on PostgreSQL once). The sign-in's change notice can arrive after the first
 * request kept the session and forget it, so the session is asked for again until it is kept;
 * from there to the limit each request runs without waiting on I/O, so no notice can come between.
 */
export async function untilSessionKept(server: TestServer, cookie: string | null, ask: () => Promise<void>) {
  const token = sessionTokenOf(cookie ?? undefined);
  if (token === undefined) throw new Error("no session cookie");
  // maxEntries only completes the options: a peek trims nothing.
  const kept = () => server.readCache?.peek(token, { group: "viewer-sessions", maxEntries: 1 }) !== undefined;
  await eventually(async () => {
    await ask();
    return kept();
  });
}
