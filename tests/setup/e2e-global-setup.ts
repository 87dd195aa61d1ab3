import { randomUUID } from "node:crypto";
import type { TestProject } from "vitest/node";
import { findChromium } from "./chromium";
import { killMarked } from "./spawned-processes";

declare module "vitest" {
  export interface ProvidedContext {
    chromiumPath: string;
    runMarker: string;
  }
}

/**
 * Once per browser-test run: find (or unpack) a Chromium, and mark the run so that its
 * teardown stops every server and browser the tests started, whatever failed.
 */
export default async function setup(project: TestProject) {
  // Only the processes the tests start carry the marker, never vitest's own workers.
  const marker = randomUUID();
  const chromium = await findChromium();
  console.log(`browser tests: Chromium from ${chromium.source} (${chromium.executablePath})`);
  project.provide("chromiumPath", chromium.executablePath);
  project.provide("runMarker", marker);
  return () => {
    const left = killMarked(marker);
    if (left > 0) console.warn(`browser tests: stopped ${left} process(es) left running by the tests`);
  };
}
