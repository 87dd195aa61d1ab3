import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { findChromium } from "./chromium";
import { startSeededTemplate } from "./seeded-template";
import { killMarked } from "./spawned-processes";

declare module "vitest" {
  export interface ProvidedContext {
    chromiumPath: string;
    runMarker: string;
    /** A DATA_DIR the built server has migrated and seeded with the demo data, to copy. */
    seededDataDir: string;
  }
}

/**
 * Once per browser-test run: find (or unpack) a Chromium, and mark the run so that its
 * teardown stops every server and browser the tests started, whatever failed.
 */
export default async function setup(project: TestProject) {
  // Only the processes the tests start carry the marker, never vitest's own workers.
  const marker = randomUUID();
  const seeded = mkdtempSync(join(tmpdir(), "eva-e2e-seeded-"));
  // Seeding the catalogue takes the server seconds; it is done once and copied for each server.
  const [chromium] = await Promise.all([findChromium(), startSeededTemplate(seeded)]);
  console.log(`browser tests: Chromium from ${chromium.source} (${chromium.executablePath})`);
  project.provide("chromiumPath", chromium.executablePath);
  project.provide("runMarker", marker);
  project.provide("seededDataDir", seeded);
  return () => {
    rmSync(seeded, { recursive: true, force: true });
    const left = killMarked(marker);
    if (left > 0) console.warn(`browser tests: stopped ${left} process(es) left running by the tests`);
  };
}
