import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";
import * as schema from "#start/schema";

/**
 * What servers keep is cleared by the database's change notices (docs/architecture.md): a
 * trigger that calls notify_change(tag), which sends the tag on `change` at commit. A table added to the schema
 * must either notify its changes, or be named here with the reason no kept value depends on
 * it; otherwise a page could keep showing what the table no longer says.
 */
const NOT_CACHED_ANYWHERE: Record<string, string> = {
  accounts: "better-auth's password hashes and providers: read at sign-in only, never shown",
  verifications: "better-auth's one-time tokens: read when a link is opened, never shown",
  rate_limits: "better-auth's sign-in limits: read per request, never shown",
  places: "the gazetteer: loaded once per version of the data, never written by users",
  act_search: "derived from the act tables, which notify; search answers are kept until any act changes",
  facet_count_changes: "derived from act_search; browse counts are kept with the search answers",
  facet_pair_count_changes: "derived from act_search; counts beside one chosen value are kept with the search answers",
  search_words: "derived from act_search: words a misspelling may have meant",
  search_lexemes: "derived from act_search: every word its documents hold, for a typed prefix's words",
  tag_changes: "what notify_change records of each notice itself: read fresh with every stored page",
  stored_pages: "guests' pages kept for every server: good only while tag_changes says so, checked on every read",
  uploads: "files nothing uses yet: read fresh by the file route and the attach calls",
  video_uploads: "resumable uploads in progress: read fresh by the tus server",
  account_actions: "hourly limits per account: counted fresh in the writing transaction",
  content_imports: "which content files were imported: read at start only",
  mail_outbox: "the mail worker's queue: read fresh by the worker",
  notification_opt_outs: "read fresh by the account page and when a notification is sent",
  calendar_subscriptions: "read fresh by the calendar page and the reader; the busy days they write notify their act",
  act_calendar_feeds: "a feed's token: read fresh by the calendar page and the feed itself",
  ledger_lines:
    "the ledger's lines: written only with their transaction, whose insert notifies its booking (migration 0068)",
  reminders_sent: "which reminders were sent: only the reminder jobs read it, in their own transaction",
  quote_templates: "an act's saved quotes: read fresh by the leads page and the templates call; no page keeps them",
  act_views: "insights' profile views: written in batches, read fresh by the insights page, call and CSV",
  act_appearances: "insights' search appearances: written in batches, read fresh by the insights page, call and CSV",
  stripe_events:
    "the ids of Stripe's events already applied: only the webhook reads them, in its own transaction; no page shows them",
};

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

describe("every table a page shows notifies its changes", () => {
  it("each table of the schema has a trigger that notifies it, or a reason here why nothing keeps it", async () => {
    const tables = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => value instanceof PgTable)
      .map((table) => getTableConfig(table).name)
      .sort();
    const result = await server.database.db.execute(sql`
      select distinct c.relname as table
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.prosrc like '%notify_change(%'`);
    const notifying = new Set((result as unknown as { rows: { table: string }[] }).rows.map((row) => row.table));
    const silent = tables.filter((table) => !notifying.has(table) && !(table in NOT_CACHED_ANYWHERE));
    expect(silent, "tables that neither notify their changes nor say why nothing keeps them").toEqual([]);
    // A reason for a table that does notify, or that no longer exists, is a stale one.
    const stale = Object.keys(NOT_CACHED_ANYWHERE).filter((table) => !tables.includes(table) || notifying.has(table));
    expect(stale, "reasons for tables that notify or are gone").toEqual([]);
  });
});
