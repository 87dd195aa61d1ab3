// The import aliases (`#start/…`, `#modules/…`, `#ui/…`, `#server/…`, `#domain/…`, `#app/…`, `#tests/…`) for Vite and Vitest;
// TypeScript, tsx and esbuild read the same from tsconfig.json's paths.
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
export const ALIASED_FOLDERS = ["app", "start", "ui", "server", "domain", "modules", "tests"];
export const importAliases = ALIASED_FOLDERS.map((folder) => ({
  find: new RegExp(`^#${folder}/`),
  replacement: `${ROOT}/${folder}/`,
}));
