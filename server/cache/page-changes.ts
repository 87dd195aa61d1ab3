import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/client";
import { ChangeClock } from "./change-clock";
import { listenForChanges } from "./change-listener";

export interface PageChanges {
  /** Counts what was announced, to check a kept value against. */
  clock: ChangeClock;
  /** Whether announcements can be heard now; nothing kept may be trusted while they cannot. */
  listening(): boolean;
  /** Everything may have changed: the clock moves on and the caller's `forgetKept` runs. */
  forgetAll(): void;
  stop(): Promise<void>;
}

/**
 * Follows the `page_change` announcements for one cache of what pages show. Triggers send
 * "act:<url>" at commit for a change to one act's page (migrations 0006, 0011, 0017, 0018)
 * and anything else when every page may have changed. The cache's `forgetKept` runs whenever
 * everything is forgotten: on such an announcement, and whenever some may have been missed.
 */
export async function followPageChanges(database: DatabaseHandle, logger: Logger, what: string, forgetKept: () => void): Promise<PageChanges> {
  const clock = new ChangeClock();
  const forgetAll = () => {
    clock.changedEverything();
    forgetKept();
  };
  const onNotify = (payload: string) => {
    if (payload.startsWith("act:")) clock.changed(payload);
    else forgetAll();
  };
  const listener = await listenForChanges(database, "page_change", logger, { onNotify, forget: forgetAll, what });
  return { clock, listening: listener.listening, forgetAll, stop: listener.stop };
}
