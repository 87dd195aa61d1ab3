import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, or, sql } from "drizzle-orm";
import {
  type ConversationSides,
  type MessageKind,
  canReadConversation,
  canWriteConversation,
  conversationSideOf,
} from "../conversations";
import { messageExcerpt } from "#modules/notifications/notifications";
import type { PageQuery, Paged } from "#domain/paging";
import { canMessageAct } from "#domain/permissions";
import type { Conversation, ConversationMessage, ConversationSummary } from "../answers";
import type { MessageInput, StartConversationInput } from "../schemas";
import type { Role } from "#domain/roles";
import type { Database, Executor } from "#server/db/client";
import { acts } from "#modules/acts/server/tables";
import { conversationReads, conversations, messages } from "#modules/conversations/server/tables";
import { events } from "#modules/bookings/server/tables";
import { users } from "#modules/accounts/server/tables";
import { conflict, forbidden, notFound } from "#server/errors";
import { numberArray } from "#server/db/array-literal";
import { takeAccountAction } from "#modules/accounts/server";
import { actAccess, findVisibleAct } from "#modules/acts/server";
import { notify } from "#modules/notifications/server";
import { refreshResponseFacts } from "./response-facts";
import { rowsOf } from "#server/db/rows-of";
import { containsPattern } from "#server/db/like";
import type { SessionUser } from "#domain/session-user";
import { type ReadCache, type ReadSource, cachedRead } from "#server/cache/cached-read";
import { actTag, conversationTag, threadsTag, userTag } from "#server/db/change-notices";

/** A conversation with what its pages and rules need: its two sides, its act and its event. */
export interface ConversationRow extends ConversationSides {
  id: number;
  act: { id: number; url: string; name: string };
  plannerName: string;
  event: { url: string; name: string; starttime: Date } | null;
}

async function loadConversation(db: Executor, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select({
      id: conversations.id,
      plannerId: conversations.plannerId,
      plannerName: users.name,
      act: { id: acts.id, url: acts.url, name: acts.name, managerId: acts.managerId },
      event: { url: events.url, name: events.name, starttime: events.starttime },
    })
    .from(conversations)
    .innerJoin(acts, eq(acts.id, conversations.actId))
    .innerJoin(users, eq(users.id, conversations.plannerId))
    .leftJoin(events, eq(events.id, conversations.eventId))
    .where(eq(conversations.id, id))
    .limit(1);
  if (!row) return undefined;
  const { managerId, ...act } = row.act;
  return {
    id: row.id,
    plannerId: row.plannerId,
    managerId,
    plannerName: row.plannerName,
    act,
    event: row.event?.url ? row.event : null,
  };
}

/** The conversation, when the caller may read it; else 404, so nobody learns that it exists. */
export async function findReadableConversation(
  db: Executor,
  viewer: SessionUser,
  id: number,
): Promise<ConversationRow> {
  const row = await loadConversation(db, id);
  if (!row || !canReadConversation(viewer, row)) throw notFound("No such conversation");
  return row;
}

/**
 * Adds a message. People's words count against the sender's hourly messages and tell the other
 * side: a notification each time, an email only when they had read everything before it (one
 * email per conversation until it is read).
 */
async function addMessage(
  tx: Executor,
  conversation: ConversationRow,
  author: SessionUser,
  kind: MessageKind,
  body: string,
): Promise<number> {
  if (kind === "text") await takeAccountAction(tx, "messageSent", author.id);
  // The invite, offers and booking tell the other side in their own notifications.
  const recipient = author.id === conversation.plannerId ? conversation.managerId : conversation.plannerId;
  // One statement writes the message, moves the conversation's last activity, marks it read for
  // its writer, and finds what the other side had read before it: a message is on every open
  // stream as soon as its transaction commits, so its round trips are the fan-out's delay. The
  // streams hear of it at commit (pg_notify is transactional).
  const [written] = await rowsOf<{
    id: number;
    previous_id: number | null;
    recipient_read: number | null;
    answered_before: boolean;
  }>(
    tx.execute(sql`with previous as (
        select max(id) as id from messages where conversation_id = ${conversation.id}),
      written as (
        insert into messages (conversation_id, author_id, kind, body)
        values (${conversation.id}, ${author.id}, ${kind}, ${body})
        returning id, created_at),
      moved as (
        update conversations set last_message_at = (select created_at from written) where id = ${conversation.id}),
      marked as (
        insert into conversation_reads (conversation_id, user_id, last_read_id)
        select ${conversation.id}, ${author.id}, id from written
        on conflict (conversation_id, user_id)
        do update set last_read_id = greatest(conversation_reads.last_read_id, excluded.last_read_id))
      select written.id, (select id from previous) as previous_id,
        (select last_read_id from conversation_reads
          where conversation_id = ${conversation.id} and user_id = ${recipient ?? null}) as recipient_read,
        exists (select 1 from messages where conversation_id = ${conversation.id} and kind = 'text'
          and author_id is not null and author_id <> ${conversation.plannerId}) as answered_before,
        pg_notify(${CONVERSATION_CHANNEL}, ${String(conversation.id)}) as notified
      from written`),
  );
  const messageId = Number(written!.id);
  if (kind === "text" && recipient && recipient !== author.id) {
    const hadReadAll =
      written!.previous_id === null || Number(written!.recipient_read ?? 0) >= Number(written!.previous_id);
    await notify(
      tx,
      recipient,
      "message",
      {
        fromName: author.name,
        actName: conversation.act.name,
        conversationId: conversation.id,
        excerpt: messageExcerpt(body),
      },
      { email: hadReadAll },
    );
  }
  // Only a conversation's first message, or the act's first answer in it, moves the act's
  // response facts (response-facts.ts times the first of each); any other message leaves them.
  const actAnswers = kind === "text" && author.id !== conversation.plannerId;
  if (written!.previous_id === null || (actAnswers && !written!.answered_before))
    await refreshResponseFacts(tx, conversation.act.id);
  return messageId;
}

/** The channel that tells every server a conversation has a new message (its id as payload). */
export const CONVERSATION_CHANNEL = "conversation_message";

/** A planner's conversation that is still open (no cancelled event), as the profile page offers it. */
interface OpenThread {
  id: number;
  eventId: number | null;
  event: { url: string; name: string } | null;
}

/** A planner's open conversations, with one act or with all, each with its act, the latest active first. */
async function plannerOpenThreads(db: Executor, plannerId: string, actId?: number) {
  const rows = await db
    .select({
      id: conversations.id,
      actId: conversations.actId,
      eventId: conversations.eventId,
      eventUrl: events.url,
      eventName: events.name,
    })
    .from(conversations)
    .leftJoin(events, eq(events.id, conversations.eventId))
    .where(
      and(
        eq(conversations.plannerId, plannerId),
        actId === undefined ? undefined : eq(conversations.actId, actId),
        isNull(events.cancelledAt),
      ),
    )
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
  return rows.map((row) => ({
    actId: row.actId,
    thread: {
      id: row.id,
      eventId: row.eventId,
      event: row.eventUrl && row.eventName ? { url: row.eventUrl, name: row.eventName } : null,
    } satisfies OpenThread,
  }));
}

/** A planner's conversations with an act that are still open (no cancelled event), the latest active first. */
export async function plannerThreadsWithAct(db: Executor, plannerId: string, actId: number): Promise<OpenThread[]> {
  return (await plannerOpenThreads(db, plannerId, actId)).map(({ thread }) => thread);
}

/** A planner's open conversations, by the act they are with. */
type ThreadsByAct = Readonly<Record<number, readonly OpenThread[]>>;

/**
 * A planner's open conversations with every act, kept as one read: the profile page's "Message"
 * choices read it for every act a planner opens, and kept per act it cost a planner's first look
 * at each act a statement. A conversation made, moved on (each message moves `last_message_at`)
 * or removed notifies its planner's `threads:<id>` (migration 0071), an event its planner's
 * `user:<id>`.
 */
const keptPlannerThreads = cachedRead({
  name: "planner-threads",
  maxEntries: 10_000,
  key: (plannerId: string) => plannerId,
  tags: (plannerId) => [threadsTag(plannerId), userTag(plannerId)],
  read: (db, plannerId) => openThreadsByAct(db, plannerId),
});

/** A planner's open conversations with an act, kept between changes of their conversations and events. */
export async function keptPlannerThreadsWithAct(source: ReadSource, plannerId: string, actId: number) {
  return (await keptPlannerThreads(source, plannerId))[actId] ?? [];
}

/** Every open conversation of a planner, grouped by act, each act's latest active first. */
async function openThreadsByAct(db: Executor, plannerId: string): Promise<ThreadsByAct> {
  const byAct: Record<number, OpenThread[]> = {};
  for (const { actId, thread } of await plannerOpenThreads(db, plannerId)) (byAct[actId] ??= []).push(thread);
  return byAct;
}

/**
 * A planner writes to an act, about one of their events or none: the conversation for that
 * planner, act and event is made on the first message and reused after (created: false).
 */
export async function startConversation(
  db: Database,
  planner: SessionUser,
  actUrl: string,
  input: StartConversationInput,
): Promise<{ id: number; created: boolean }> {
  if (planner.role !== "PLANNER") throw forbidden("Only planners start conversations");
  const act = await findVisibleAct(db, actUrl, planner);
  if (!canMessageAct(planner, actAccess(act))) throw forbidden("This act cannot be messaged");
  let eventId: number | null = null;
  if (!input.event_url) {
    // "Message" continues the planner's one thread with the act, about an event or not, rather
    // than opening a second beside a quote request; with several, the page asks which.
    const open = await plannerThreadsWithAct(db, planner.id, act.id);
    if (open.length === 1) eventId = open[0]!.eventId;
  } else {
    const [event] = await db
      .select({ id: events.id, name: events.name, cancelledAt: events.cancelledAt })
      .from(events)
      .where(and(eq(events.url, input.event_url), eq(events.plannerId, planner.id)))
      .limit(1);
    if (!event) throw notFound("No such event");
    if (event.cancelledAt) throw conflict(`${event.name} is cancelled`);
    eventId = event.id;
  }
  return db.transaction(async (tx) => {
    const { id, created } = await conversationFor(tx, planner.id, act.id, eventId);
    await addMessage(tx, (await loadConversation(tx, id))!, planner, "text", input.body);
    return { id, created };
  });
}

/**
 * The conversation of a planner, an act and an event (or none), made when there is none yet.
 * Every new one counts against the planner's conversations a day, however it was started (a
 * message, an invite, a quote request): a limit that one path skips limits nothing.
 */
async function conversationFor(
  tx: Executor,
  plannerId: string,
  actId: number,
  eventId: number | null,
): Promise<{ id: number; created: boolean }> {
  const [made] = await tx
    .insert(conversations)
    .values({ plannerId, actId, eventId })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (made) {
    await takeAccountAction(tx, "conversationStarted", plannerId);
    return { id: made.id, created: true };
  }
  const [found] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.plannerId, plannerId),
        eq(conversations.actId, actId),
        eventId === null ? isNull(conversations.eventId) : eq(conversations.eventId, eventId),
      ),
    )
    .limit(1);
  return { id: found!.id, created: false };
}

/**
 * The event's invite, offers and booking appear in the conversation of that planner, act and
 * event as they happen, written by whoever caused them, and so do a quote request's words;
 * called inside their transactions.
 */
export async function recordInEventConversation(
  tx: Executor,
  author: SessionUser,
  place: { plannerId: string; actId: number; eventId: number },
  kind: MessageKind,
  body: string,
): Promise<void> {
  const { id } = await conversationFor(tx, place.plannerId, place.actId, place.eventId);
  await addMessage(tx, (await loadConversation(tx, id))!, author, kind, body);
}

/**
 * One of the two sides writes; 403 for an admin reading someone else's. The conversation is
 * findReadableConversation's row (404 for anyone who may not read it), as the route's guard found
 * it: reading it again inside the transaction was a round trip more before the message reaches
 * the streams.
 */
export async function postMessage(
  db: Database,
  viewer: SessionUser,
  conversation: ConversationRow,
  input: MessageInput,
): Promise<{ id: number }> {
  if (!canWriteConversation(viewer, conversation))
    throw forbidden("Only the planner and the act's artist write in a conversation");
  return db.transaction(async (tx) => ({ id: await addMessage(tx, conversation, viewer, "text", input.body) }));
}

export type MessageRow = {
  id: number;
  kind: MessageKind;
  body: string;
  createdAt: Date;
  authorId: string | null;
  authorName: string | null;
  authorRole: Role | null;
};

/** A stored message as one reader sees it ("mine" is theirs to know). */
export function messageOf(row: MessageRow, viewer: SessionUser): ConversationMessage {
  return {
    id: row.id,
    kind: row.kind,
    body: row.body,
    created_at: row.createdAt.toISOString(),
    mine: row.authorId === viewer.id,
    from: row.authorName !== null && row.authorRole !== null ? { name: row.authorName, role: row.authorRole } : null,
  };
}

/** The stored messages of a conversation after `afterId`, oldest first, for any reader. */
export async function messageRowsAfter(db: Executor, conversationId: number, afterId = 0): Promise<MessageRow[]> {
  const rows = await db
    .select({
      id: messages.id,
      kind: messages.kind,
      body: messages.body,
      createdAt: messages.createdAt,
      authorId: messages.authorId,
      authorName: users.name,
      authorRole: users.role,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorId))
    .where(and(eq(messages.conversationId, conversationId), gt(messages.id, afterId)))
    .orderBy(asc(messages.id));
  return rows as MessageRow[];
}

/** The messages of a conversation after `afterId`, oldest first, as the viewer sees them. */
export async function messagesAfter(
  db: Executor,
  viewer: SessionUser,
  conversationId: number,
  afterId = 0,
): Promise<ConversationMessage[]> {
  return (await messageRowsAfter(db, conversationId, afterId)).map((row) => messageOf(row, viewer));
}

/**
 * Of open live streams, the ids of those whose reader may still read its conversation: their
 * session is still valid (not signed out, not ended by a password change) and they are its
 * planner, its act's manager (now, after any reassignment) or an admin. One query for any number.
 */
export async function streamsStillAllowed(
  db: Executor,
  streams: { id: number; userId: string; sessionToken: string; conversationId: number }[],
): Promise<Set<number>> {
  if (streams.length === 0) return new Set();
  const payload = JSON.stringify(
    streams.map((stream) => ({
      i: stream.id,
      user_id: stream.userId,
      token: stream.sessionToken,
      conversation_id: stream.conversationId,
    })),
  );
  const rows = await rowsOf<{ i: number; user_id: string; role: Role; planner_id: string; manager_id: string | null }>(
    db.execute(sql`select r.i, r.user_id, u.role, c.planner_id, a.manager_id
      from jsonb_to_recordset(${payload}::jsonb) as r(i int, user_id text, token text, conversation_id int)
      join users u on u.id = r.user_id
      join sessions s on s.token = r.token and s.user_id = r.user_id and s.expires_at > now()
      join conversations c on c.id = r.conversation_id
      join acts a on a.id = c.act_id`),
  );
  return new Set(
    rows
      .filter((row) =>
        canReadConversation(
          { id: row.user_id, role: row.role },
          { plannerId: row.planner_id, managerId: row.manager_id },
        ),
      )
      .map((row) => row.i),
  );
}

/** Of these conversations, those with one of these acts: whose readers an act's change may concern. */
export async function conversationsOfActs(
  db: Executor,
  actUrls: string[],
  conversationIds: number[],
): Promise<number[]> {
  if (actUrls.length === 0 || conversationIds.length === 0) return [];
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(acts, eq(acts.id, conversations.actId))
    // The ids as one array parameter: a server may hold tens of thousands of conversations open.
    .where(and(inArray(acts.url, actUrls), sql`${conversations.id} = any(${numberArray(conversationIds)}::int[])`));
  return rows.map((row) => row.id);
}

/**
 * Readers have seen a conversation up to these ids (a page read, or what streams delivered): one
 * statement for all of them (so one transaction), with their read marks, their message
 * notifications, and the change notice that makes every server invalidate what it kept of their
 * unread counts (server/cache/viewer-cache.ts). One statement, not a transaction of three: a
 * stream marks what it delivered after every message, and its five round trips were the server's
 * busiest work between two messages.
 */
export async function markStreamsRead(
  db: Executor,
  conversationId: number,
  marks: { userId: string; messageId: number }[],
): Promise<void> {
  const payload = JSON.stringify(marks.map((mark) => ({ user_id: mark.userId, message_id: mark.messageId })));
  await db.execute(sql`with seen as (
      select m.user_id, max(m.message_id) as message_id
      from jsonb_to_recordset(${payload}::jsonb) as m(user_id text, message_id int) group by m.user_id),
    marked as (
      insert into conversation_reads (conversation_id, user_id, last_read_id)
      select ${conversationId}, seen.user_id, seen.message_id from seen
      on conflict (conversation_id, user_id) do update set last_read_id = greatest(conversation_reads.last_read_id, excluded.last_read_id)),
    notices_read as (
      update notifications set read_at = now()
      where user_id in (select user_id from seen)
        and kind = 'message' and link = ${`/messages/${conversationId}`} and read_at is null)
    select notify_change('user:' || seen.user_id) from seen`);
}

/** What a thread is drawn from: the conversation, every message, each reader's read mark. */
interface ThreadRecord {
  row: ConversationRow;
  messageRows: MessageRow[];
  readMarks: Record<string, number>;
}

/**
 * A conversation's thread kept by what it was read from (decision 0058): its own rows notify
 * `conversation:<id>` (migration 0069), its act `act:<url>`, its planner and its authors
 * `user:<id>` (names, roles; an event notifies its planner's).
 */
const keptThread = cachedRead({
  name: "thread-records",
  maxEntries: 5_000,
  key: (id: number) => String(id),
  tags: (id: number) => [conversationTag(id)],
  tagsFound: (record: ThreadRecord | undefined) =>
    record
      ? [
          actTag(record.row.act.url),
          ...new Set(
            [record.row.plannerId, ...record.messageRows.map((row) => row.authorId)]
              .filter((id): id is string => id !== null)
              .map(userTag),
          ),
        ]
      : [],
  read: async (db: Executor, id: number): Promise<ThreadRecord | undefined> => {
    const row = await loadConversation(db, id);
    if (!row) return undefined;
    const [messageRows, marks] = await Promise.all([
      messageRowsAfter(db, id),
      db
        .select({ userId: conversationReads.userId, lastReadId: conversationReads.lastReadId })
        .from(conversationReads)
        .where(eq(conversationReads.conversationId, id)),
    ]);
    return { row, messageRows, readMarks: Object.fromEntries(marks.map((mark) => [mark.userId, mark.lastReadId])) };
  },
});

/**
 * A conversation with every message, from its kept record, and the conversation as found for the
 * viewer (404 for anyone who may not read it): the thread page and its API answer. Reading it
 * marks it, and its message notifications, read for the caller.
 */
export async function readKeptConversation(
  source: { db: Database; cache: ReadCache },
  viewer: SessionUser,
  conversationId: number,
): Promise<{ sides: ConversationRow; conversation: Conversation }> {
  const record = await keptThread(source, conversationId);
  if (!record || !canReadConversation(viewer, record.row)) throw notFound("No such conversation");
  return { sides: record.row, conversation: await readThread(source.db, viewer, record) };
}

async function readThread(db: Database, viewer: SessionUser, record: ThreadRecord): Promise<Conversation> {
  const { row: conversation } = record;
  const list = record.messageRows.map((row) => messageOf(row, viewer));
  const last = list.at(-1);
  // Reading again what was read writes nothing.
  if (last && last.id > (record.readMarks[viewer.id] ?? 0))
    await markConversationRead(db, viewer, conversation.id, last.id);
  return {
    id: conversation.id,
    side: conversationSideOf(viewer, conversation),
    act: { url: conversation.act.url, name: conversation.act.name },
    planner: { name: conversation.plannerName },
    event: conversation.event
      ? {
          url: conversation.event.url,
          name: conversation.event.name,
          starttime: conversation.event.starttime.toISOString(),
        }
      : null,
    messages: list,
  };
}

/** The caller has seen the conversation up to `messageId`: its unread count and notifications clear. */
export async function markConversationRead(
  db: Database,
  viewer: SessionUser,
  conversationId: number,
  messageId: number,
): Promise<void> {
  await markStreamsRead(db, conversationId, [{ userId: viewer.id, messageId }]);
}

/** Conversations (joined to their act) that the user is a side of: their planner, or their act's manager. */
const sideOf = (userId: string) => or(eq(conversations.plannerId, userId), eq(acts.managerId, userId));
/** The user's read mark of a message's conversation, to left-join. */
const readMarkOf = (userId: string) =>
  and(eq(conversationReads.conversationId, messages.conversationId), eq(conversationReads.userId, userId));
/** Messages from others past the user's read mark (with readMarkOf joined). */
const unreadBy = (userId: string) =>
  and(
    or(isNull(messages.authorId), ne(messages.authorId, userId)),
    sql`${messages.id} > coalesce(${conversationReads.lastReadId}, 0)`,
  );

/**
 * Conversations the caller is a side of, latest activity first; an admin, who reads every
 * conversation (for disputes), lists them all, found by words of the act's, the planner's or the
 * event's name.
 */
export async function listConversations(
  db: Executor,
  viewer: SessionUser,
  paging: PageQuery & { q?: string | undefined },
): Promise<Paged<ConversationSummary>> {
  const words = viewer.role === "ADMIN" && paging.q ? paging.q : "";
  const found = words
    ? or(
        ilike(acts.name, containsPattern(words)),
        ilike(users.name, containsPattern(words)),
        ilike(events.name, containsPattern(words)),
      )
    : undefined;
  const mine = viewer.role === "ADMIN" ? found : sideOf(viewer.id);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: conversations.id,
        plannerId: conversations.plannerId,
        managerId: acts.managerId,
        actUrl: acts.url,
        actName: acts.name,
        plannerName: users.name,
        eventUrl: events.url,
        eventName: events.name,
        starttime: events.starttime,
      })
      .from(conversations)
      .innerJoin(acts, eq(acts.id, conversations.actId))
      .innerJoin(users, eq(users.id, conversations.plannerId))
      .leftJoin(events, eq(events.id, conversations.eventId))
      .where(mine)
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db
      .select({ total: count() })
      .from(conversations)
      .innerJoin(acts, eq(acts.id, conversations.actId))
      .innerJoin(users, eq(users.id, conversations.plannerId))
      .leftJoin(events, eq(events.id, conversations.eventId))
      .where(mine),
  ]);
  const ids = rows.map((row) => row.id);
  const [lastMessages, unread] = ids.length
    ? await Promise.all([
        db
          .selectDistinctOn([messages.conversationId], {
            conversationId: messages.conversationId,
            body: messages.body,
            createdAt: messages.createdAt,
            authorId: messages.authorId,
          })
          .from(messages)
          .where(inArray(messages.conversationId, ids))
          .orderBy(messages.conversationId, desc(messages.id)),
        db
          .select({ conversationId: messages.conversationId, n: count() })
          .from(messages)
          .leftJoin(conversationReads, readMarkOf(viewer.id))
          .where(and(inArray(messages.conversationId, ids), unreadBy(viewer.id)))
          .groupBy(messages.conversationId),
      ])
    : [[], []];
  const data = rows.map((row): ConversationSummary => {
    const last = lastMessages.find((message) => message.conversationId === row.id);
    return {
      id: row.id,
      side: conversationSideOf(viewer, row),
      act: { url: row.actUrl, name: row.actName },
      planner: { name: row.plannerName },
      event:
        row.eventUrl && row.eventName && row.starttime
          ? { url: row.eventUrl, name: row.eventName, starttime: row.starttime.toISOString() }
          : null,
      last_message: last
        ? { body: last.body, created_at: last.createdAt.toISOString(), mine: last.authorId === viewer.id }
        : null,
      unread: unread.find((item) => item.conversationId === row.id)?.n ?? 0,
    };
  });
  return { data, meta: { page: paging.page, perPage: paging.perPage, total: counted?.total ?? 0 } };
}

/** How many messages from others the user has not read, over every conversation they are a side of (but one, when named). */
export async function unreadMessageCount(db: Executor, userId: string, exceptConversationId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(acts, eq(acts.id, conversations.actId))
    .leftJoin(conversationReads, readMarkOf(userId))
    .where(
      and(
        sideOf(userId),
        unreadBy(userId),
        exceptConversationId === undefined ? undefined : ne(conversations.id, exceptConversationId),
      ),
    );
  return row?.n ?? 0;
}
