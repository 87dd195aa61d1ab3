import type { Logger } from "pino";
import { listenForChanges } from "../cache/change-listener";
import type { DatabaseHandle } from "../db/client";
import { CONVERSATION_CHANNEL } from "../services/conversations";

/** What an open stream is told: there may be new messages (read after your last id), or the server is stopping. */
export interface StreamWaker {
  wake(): void;
  end(): void;
}

/**
 * Who on this server has a conversation open (server-sent events), woken when any server
 * writes in it: a message's transaction announces the conversation's id on
 * CONVERSATION_CHANNEL at commit, and this one LISTEN connection hears it for every stream
 * here. A stream reads what came after its last id, so a notice lost with a dropped
 * connection costs nothing: on listening again every stream is woken and reads.
 */
export interface ConversationHub {
  subscribe(conversationId: number, waker: StreamWaker): () => void;
  /** Open streams on this server. */
  size(): number;
  /** Ends every open stream (a stopping server), then stops listening. */
  stop(): Promise<void>;
}

export async function createConversationHub(database: DatabaseHandle, logger: Logger): Promise<ConversationHub> {
  const open = new Map<number, Set<StreamWaker>>();
  const everyone = () => [...open.values()].flatMap((set) => [...set]);
  const changes = await listenForChanges(database, CONVERSATION_CHANNEL, logger, {
    onNotify: (payload) => {
      for (const waker of open.get(Number(payload)) ?? []) waker.wake();
    },
    // Notices may have been missed: every stream reads again after its last id.
    forget: () => {
      for (const waker of everyone()) waker.wake();
    },
    what: "conversation streams",
  });
  return {
    subscribe(conversationId, waker) {
      const set = open.get(conversationId) ?? new Set<StreamWaker>();
      open.set(conversationId, set);
      set.add(waker);
      return () => {
        set.delete(waker);
        if (set.size === 0) open.delete(conversationId);
      };
    },
    size: () => everyone().length,
    async stop() {
      for (const waker of everyone()) waker.end();
      await changes.stop();
    },
  };
}
