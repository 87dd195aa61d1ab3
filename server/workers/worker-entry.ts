import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where a worker thread's code is: beside the bundle once built (dist/{name}.js, an entry of its
 * own in scripts/build-server.mjs), else the TypeScript source beside the module that starts it,
 * which the worker loads through tsx (tests, scripts and `npm run dev` run from the sources).
 */
export function workerEntry(callerUrl: string, name: string): { file: string; execArgv: string[] } {
  const here = dirname(fileURLToPath(callerUrl));
  const built = join(here, `${name}.js`);
  if (existsSync(built)) return { file: built, execArgv: [] };
  return { file: join(here, `${name}.ts`), execArgv: ["--import", "tsx"] };
}
