import type { Logger } from "pino";
import { LIVE_STREAMS } from "../conversations";
import type { ConversationMessage } from "../answers";
import { listenForChanges } from "#server/cache/change-listener";
import type { DatabaseHandle } from "#server/db/client";
import { CHANGE_CHANNEL } from "#server/db/change-notices";
import {
  CONVERSATION_CHANNEL,
  conversationsOfActs,
  markStreamsRead,
  messageOf,
  messageRowsAfter,
  streamsStillAllowed,
} from "./conversations";
import type { SessionUser } from "#domain/session-user";

/** Where an open stream's events go: its server-sent events, written in order. */
export interface StreamSink {
  send(messages: ConversationMessage[]): Promise<void>;
  /** A comment line, so that proxies do not close a quiet stream. */
  heartbeat(): Promise<void>;
  /** The hub ends the stream: its reader lost access, its hour is up, or the server stops. */
  end(): void;
}

/** One open stream, as its route holds it. */
export interface OpenStream {
  /** Starts delivery: first what came after the reader's last id, then each new message. */
  attach(sink: StreamSink): void;
  /** The client left. */
  close(): void;
}

/**
 * Who on this server has a conversation open (server-sent events), and what they have been sent.
 * A message's transaction notifies the conversation's id on CONVERSATION_CHANNEL at commit;
 * this one LISTEN connection hears it for every stream here, and the conversation's streams are
 * served together: one check that their readers may still read it, one read of what is new, one
 * write of their read marks, however many streams it has. A reader's loss of access (a session
 * ended, a password changed, an act reassigned away) is a change notice, on which that reader is
 * checked again; every few seconds a round ends the streams an hour old, and once a minute (or at
 * every round while notices may be missed) it checks every reader in the database. A stream that
 * lost its reader's access ends; the browser reconnects. An account
 * keeps at most LIVE_STREAMS.perAccount open on a server (STREAMS_PER_ACCOUNT; 0 lifts it, for benchmarks).
 */
export interface ConversationHub {
  /** A new stream, or null when the account already has as many open as it may. */
  open(viewer: SessionUser, sessionToken: string, conversationId: number, after: number): OpenStream | null;
  /** Open streams on this server. */
  size(): number;
  /** Ends every open stream (a stopping server), then stops listening. */
  stop(): Promise<void>;
}

/** Readers checked by one statement: 500 take about 6 ms on the embedded database. */
const CHECK_SLICE = 500;
/** Heartbeats written in one turn of the event loop. */
const HEARTBEAT_SLICE = 500;
/** How often at most the readers of accounts that changed are checked apart from the round. */
const USER_RECHECK_MS = 1_000;

interface Reader {
  id: number;
  viewer: SessionUser;
  sessionToken: string;
  conversationId: number;
  last: number;
  openedAt: number;
  lastWriteAt: number;
  sink: StreamSink | null;
  /** The reader's writes, one after another. */
  writing: Promise<void>;
  ended: boolean;
}

/** How often readers are checked and how long a stream lives (LIVE_STREAMS's, shorter in tests), and the streams an account may hold (0: no limit). */
export interface HubTimes {
  checkEveryMs?: number;
  /** How often the round checks every reader in the database while the change notices are heard (LIVE_STREAMS's). */
  fullCheckEveryMs?: number;
  maxAgeMs?: number;
  perAccount?: number;
  /** Readers checked by one statement (CHECK_SLICE; tests set it low to check a round in several). */
  checkSlice?: number;
  /** How long a stream is quiet before its heartbeat (LIVE_STREAMS's), and how many are written in one turn (HEARTBEAT_SLICE). */
  heartbeatMs?: number;
  heartbeatSlice?: number;
  /** How often at most changed accounts' readers are checked apart from the round (USER_RECHECK_MS). */
  userRecheckMs?: number;
}

export async function createConversationHub(
  database: DatabaseHandle,
  logger: Logger,
  times: HubTimes = {},
): Promise<ConversationHub> {
  const maxAgeMs = times.maxAgeMs ?? LIVE_STREAMS.maxAgeMs;
  const perAccountMax = times.perAccount ?? LIVE_STREAMS.perAccount;
  const checkSlice = times.checkSlice ?? CHECK_SLICE;
  const heartbeatMs = times.heartbeatMs ?? LIVE_STREAMS.heartbeatMs;
  const heartbeatSlice = times.heartbeatSlice ?? HEARTBEAT_SLICE;
  const userRecheckMs = times.userRecheckMs ?? USER_RECHECK_MS;
  const db = database.db;
  const readers = new Map<number, Reader>();
  const byConversation = new Map<number, Set<Reader>>();
  /** Each account's readers on this server: how many it holds, and whom its change concerns. */
  const byAccount = new Map<string, Set<Reader>>();
  /** Conversations with a round running, and whether another must follow it. */
  const rounds = new Map<number, { again: boolean }>();
  let nextId = 1;
  let stopped = false;
  /** When the round last checked every reader in the database (decision 0069). */
  let fullCheckedAt = Date.now();

  /** Whether a reader's stream is still within its hour. */
  const young = (reader: Reader, now: number) => now - reader.openedAt < maxAgeMs;

  const endReader = (reader: Reader) => {
    if (reader.ended) return;
    reader.ended = true;
    readers.delete(reader.id);
    const set = byConversation.get(reader.conversationId);
    set?.delete(reader);
    if (set?.size === 0) byConversation.delete(reader.conversationId);
    const theirs = byAccount.get(reader.viewer.id);
    theirs?.delete(reader);
    if (theirs?.size === 0) byAccount.delete(reader.viewer.id);
    reader.sink?.end();
  };

  /**
   * The readers of `list` who may still read their conversation; the others are ended. A long
   * list is checked in slices, one statement each, so that a message's delivery waits behind one
   * slice, not behind every stream of the server (the embedded database runs one statement at a time).
   * `paceMs` apart when given: the round of every stream spreads its slices over its interval.
   */
  const keepAllowed = async (list: Reader[], paceMs = 0): Promise<Reader[]> => {
    const kept: Reader[] = [];
    for (let from = 0; from < list.length && !stopped; from += checkSlice) {
      if (from > 0 && paceMs > 0) await new Promise((resolve) => setTimeout(resolve, paceMs).unref());
      const slice = list.slice(from, from + checkSlice);
      const allowed = await streamsStillAllowed(
        db,
        slice.map((reader) => ({
          id: reader.id,
          userId: reader.viewer.id,
          sessionToken: reader.sessionToken,
          conversationId: reader.conversationId,
        })),
      );
      const now = Date.now();
      for (const reader of slice) {
        if (allowed.has(reader.id) && young(reader, now)) kept.push(reader);
        else endReader(reader);
      }
    }
    return kept;
  };

  const write = (reader: Reader, work: (sink: StreamSink) => Promise<void>) => {
    const sink = reader.sink;
    if (!sink || reader.ended) return Promise.resolve();
    reader.lastWriteAt = Date.now();
    reader.writing = reader.writing.then(() => work(sink)).catch(() => endReader(reader));
    return reader.writing;
  };

  /** Serves what is new in a conversation to its attached readers (or to `only`). */
  const serve = async (conversationId: number, only?: Reader) => {
    const attached = only ? [only] : [...(byConversation.get(conversationId) ?? [])].filter((reader) => reader.sink);
    const allowed = await keepAllowed(attached);
    if (allowed.length === 0) return;
    const rows = await messageRowsAfter(db, conversationId, Math.min(...allowed.map((reader) => reader.last)));
    const marks: { userId: string; messageId: number }[] = [];
    for (const reader of allowed) {
      const fresh = rows.filter((row) => row.id > reader.last);
      if (fresh.length === 0) continue;
      reader.last = fresh.at(-1)!.id;
      marks.push({ userId: reader.viewer.id, messageId: reader.last });
      void write(reader, (sink) => sink.send(fresh.map((row) => messageOf(row, reader.viewer))));
    }
    // Messages a stream delivers count as read: one write for all of them.
    if (marks.length > 0) await markStreamsRead(db, conversationId, marks);
  };

  /** One round at a time per conversation; notices arriving meanwhile ask for one more. */
  const round = (conversationId: number) => {
    const running = rounds.get(conversationId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    rounds.set(conversationId, state);
    void (async () => {
      do {
        state.again = false;
        await serve(conversationId).catch((error: unknown) =>
          logger.warn({ err: error, conversationId }, "could not serve a conversation's streams"),
        );
      } while (state.again);
      rounds.delete(conversationId);
    })();
  };

  const changes = await listenForChanges(database, CONVERSATION_CHANNEL, logger, {
    onNotify: (payload) => {
      const conversationId = Number(payload);
      if (byConversation.has(conversationId)) round(conversationId);
    },
    // Notices may have been missed: every conversation is served again after its readers' last ids.
    invalidateAll: () => {
      for (const conversationId of byConversation.keys()) round(conversationId);
    },
    what: "conversation streams",
  });

  // A session ended or an account changed (user:<id>, from the sessions' and users' triggers),
  // or an act changed (act:<url>): those readers are checked before the next round. An act's
  // change concerns only the readers of its conversations (it may have changed hands); the acts of
  // a moment are looked up together. An account is notified with each message it is sent and each
  // it reads (its unread counts), which concern no stream's access: an account's readers are checked
  // at once, and the accounts changed within the second after that together once it is over.
  // Delivery never waits for it, since every delivery checks its readers first.
  const changedActs = new Set<string>();
  const changedAccounts = new Set<string>();
  let accountsRecheck: NodeJS.Timeout | undefined;
  let accountsCheckedAt = Number.NEGATIVE_INFINITY;
  const checkFailed = (error: unknown) =>
    logger.warn({ err: error }, "could not check the conversation streams' readers");
  const recheckAccounts = () => {
    accountsRecheck = undefined;
    accountsCheckedAt = Date.now();
    const theirs = [...changedAccounts].flatMap((userId) => [...(byAccount.get(userId) ?? [])]);
    changedAccounts.clear();
    if (theirs.length > 0) void keepAllowed(theirs).catch(checkFailed);
  };
  const recheckActs = async () => {
    const actUrls = [...changedActs];
    changedActs.clear();
    const theirs = await conversationsOfActs(db, actUrls, [...byConversation.keys()]);
    // An admin reads every conversation, whoever runs its act.
    await keepAllowed(
      theirs.flatMap((conversationId) =>
        [...(byConversation.get(conversationId) ?? [])].filter((reader) => reader.viewer.role !== "ADMIN"),
      ),
    );
  };
  const accessChanges = await listenForChanges(database, CHANGE_CHANNEL, logger, {
    onNotify: (tag) => {
      if (readers.size === 0) return;
      if (tag.startsWith("user:")) {
        const userId = tag.slice("user:".length);
        if (!byAccount.has(userId)) return;
        changedAccounts.add(userId);
        accountsRecheck ??= setTimeout(
          recheckAccounts,
          Math.max(0, accountsCheckedAt + userRecheckMs - Date.now()),
        ).unref();
      } else if (tag.startsWith("act:")) {
        if (changedActs.size === 0) setImmediate(() => void recheckActs().catch(checkFailed));
        changedActs.add(tag.slice("act:".length));
      }
    },
    // Notices may have been missed: the next round checks every reader.
    invalidateAll: () => {
      fullCheckedAt = Number.NEGATIVE_INFINITY;
    },
    what: "conversation streams' readers",
  });

  /**
   * Quiet streams' heartbeats, a slice at a time with the event loop free between slices: streams
   * opened together fall quiet together, and 10,000 writes at once held a message's delivery
   * behind them (the bench's fan-out p99 over 50 ms in one run of three).
   */
  const heartbeats = async (kept: Reader[]) => {
    const now = Date.now();
    const quiet = kept.filter((reader) => now - reader.lastWriteAt >= heartbeatMs);
    for (let from = 0; from < quiet.length; from += heartbeatSlice) {
      if (from > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const reader of quiet.slice(from, from + heartbeatSlice)) void write(reader, (sink) => sink.heartbeat());
    }
  };

  /** The readers of `list` whose stream is younger than its hour; the others end. */
  const endAged = (list: Reader[]): Reader[] => {
    const now = Date.now();
    return list.filter((reader) => {
      if (young(reader, now)) return true;
      endReader(reader);
      return false;
    });
  };

  /**
   * The round (decision 0069): streams an hour old end, and quiet streams then get their heartbeat.
   * While the change notices are heard, every loss of access they name is checked as it comes, so
   * the round asks the database about every reader only once a minute, for what no notice says (a
   * session past its expiry, a conversation deleted with its act); while they may be missed (the
   * listening connection lost, or just made again), it asks at every round, within 5 seconds of a
   * loss. Asked every 4 seconds, 10,000 streams' twenty statements took a tenth of the machine's two
   * cores, and a message written meanwhile waited for them. A full round's slices are spread over
   * a quarter of its interval, so that a delivery waits behind one slice at most. A round still
   * under way when the next is due is not joined by another.
   */
  const checkEveryMs = times.checkEveryMs ?? LIVE_STREAMS.checkEveryMs;
  const fullCheckEveryMs = times.fullCheckEveryMs ?? LIVE_STREAMS.fullCheckEveryMs;
  let roundUnderWay = false;
  const check = setInterval(() => {
    if (roundUnderWay) return;
    roundUnderWay = true;
    const all = [...readers.values()];
    const full = !accessChanges.listening() || Date.now() - fullCheckedAt >= fullCheckEveryMs;
    if (full) fullCheckedAt = Date.now();
    const slices = Math.ceil(all.length / checkSlice);
    const paceMs = slices > 1 ? Math.floor(checkEveryMs / 4 / slices) : 0;
    void (full ? keepAllowed(all, paceMs) : Promise.resolve(endAged(all)))
      .then(heartbeats)
      .catch(checkFailed)
      .finally(() => {
        roundUnderWay = false;
      });
  }, checkEveryMs);
  check.unref();

  return {
    open(viewer, sessionToken, conversationId, after) {
      const mine = byAccount.get(viewer.id) ?? new Set<Reader>();
      if (perAccountMax > 0 && mine.size >= perAccountMax) return null;
      const now = Date.now();
      const reader: Reader = {
        id: nextId++,
        viewer,
        sessionToken,
        conversationId,
        last: after,
        openedAt: now,
        lastWriteAt: now,
        sink: null,
        writing: Promise.resolve(),
        ended: false,
      };
      readers.set(reader.id, reader);
      byAccount.set(viewer.id, mine.add(reader));
      const set = byConversation.get(conversationId) ?? new Set<Reader>();
      byConversation.set(conversationId, set);
      set.add(reader);
      return {
        attach(sink) {
          reader.sink = sink;
          void serve(conversationId, reader).catch((error: unknown) =>
            logger.warn({ err: error, conversationId }, "could not start a conversation stream"),
          );
        },
        close: () => endReader(reader),
      };
    },
    size: () => readers.size,
    async stop() {
      stopped = true;
      clearInterval(check);
      clearTimeout(accountsRecheck);
      for (const reader of [...readers.values()]) endReader(reader);
      await Promise.all([changes.stop(), accessChanges.stop()]);
    },
  };
}
