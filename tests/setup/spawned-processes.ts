import { type ChildProcess, spawn, type SpawnOptions } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * Every process a test run starts carries this variable, so that the run's teardown can find
 * and stop them all, even those of a test worker that died before its own clean-up ran.
 */
export const RUN_MARKER = "EVA_TEST_RUN";

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** spawn(), with the child marked for this run and killed if this process exits first. */
export function spawnTracked(
  command: string,
  args: string[],
  marker: string,
  options: SpawnOptions & { env: NodeJS.ProcessEnv },
): ChildProcess {
  const child = spawn(command, args, { ...options, env: { ...options.env, [RUN_MARKER]: marker } });
  live.add(child);
  child.once("exit", () => live.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once("exit", () => {
      for (const running of live) running.kill("SIGKILL");
    });
  }
  return child;
}

/** Process ids whose environment holds RUN_MARKER=marker (Linux /proc). */
export function processesMarked(marker: string): number[] {
  const needle = `${RUN_MARKER}=${marker}`;
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      if (environ.includes(needle)) found.push(pid);
    } catch {
      // Gone already, or not ours to read.
    }
  }
  return found;
}

/** Kills every process of the run; answers how many there were. */
export function killMarked(marker: string): number {
  const pids = processesMarked(marker);
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Exited in between.
    }
  }
  return pids.length;
}
