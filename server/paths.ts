import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The project root, found from this module whether it runs from source or from the bundle. */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot();
export const MIGRATIONS_DIR = join(PROJECT_ROOT, "server", "db", "migrations");
export const CLIENT_BUILD_DIR = join(PROJECT_ROOT, "build", "client");
export const SERVER_BUILD_FILE = join(PROJECT_ROOT, "build", "server", "index.js");
export const ENHANCE_MANIFEST_FILE = join(PROJECT_ROOT, "build", "enhance-manifest.json");
export const CONTENT_DIR = join(PROJECT_ROOT, "content");
/** The offline gazetteer of US places (npm run build:places writes it). */
export const PLACES_FILE = join(PROJECT_ROOT, "server", "db", "data", "us-places.json");
