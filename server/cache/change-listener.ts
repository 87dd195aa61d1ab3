import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/client";

const RETRY_MS = 5_000;

export interface ChangeListener {
  /** Whether change notices can be heard now; what was kept cannot be trusted while they cannot. */
  listening(): boolean;
  stop(): Promise<void>;
}

/**
 * Listens to one channel of database notifications for a cache, and listens again after the
 * connection is lost. `invalidateAll` runs whenever change notices may have been missed (on connecting,
 * and on losing the connection), so the cache starts afresh.
 */
export async function listenForChanges(
  database: DatabaseHandle,
  channel: string,
  logger: Logger,
  handlers: { onNotify(payload: string): void; invalidateAll(): void; what: string },
): Promise<ChangeListener> {
  let listening = false;
  let stopped = false;
  let stopListening: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;

  const onLost = () => {
    listening = false;
    handlers.invalidateAll();
    logger.warn(`${handlers.what}: lost the database notifications; not trusting what was kept until they are back`);
    retry = setTimeout(() => void connect(), RETRY_MS);
  };
  async function connect() {
    if (stopped) return;
    try {
      stopListening = await database.listen(channel, handlers.onNotify, onLost);
      handlers.invalidateAll();
      listening = true;
    } catch (error) {
      logger.warn({ err: error }, `${handlers.what}: cannot listen for changes; retrying`);
      retry = setTimeout(() => void connect(), RETRY_MS);
    }
  }
  await connect();

  return {
    listening: () => listening,
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await stopListening?.();
    },
  };
}
