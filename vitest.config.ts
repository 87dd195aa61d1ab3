import "./scripts/require-node.mjs";
import { defineConfig } from "vitest/config";
import { importAliases } from "./scripts/import-aliases";

const apiFiles = ["server/**/*.test.ts", "start/**/*.test.ts", "modules/*/server/**/*.test.ts"];
/** The tests of stored files, run once more with files on a real S3-compatible server. */
const fileTests = ["modules/files/server/**/*.test.ts"];
/**
 * Limits for a busy machine: a file's database is built, migrated and seeded in its hook, and a
 * loaded 2-core machine takes several times as long as an idle one. They bound a hang, not speed.
 */
const patience = { testTimeout: 120_000, hookTimeout: 240_000 };
/** Test workers are processes of their own: they take the runtime's settings too (scripts/require-node.mjs). */
const runtime = { setupFiles: ["./scripts/require-node.mjs"] };
/** The API tests also fail on queries sent at once on a transaction's connection (tests/setup/pg-query-warnings.ts). */
const apiRuntime = { setupFiles: ["./scripts/require-node.mjs", "./tests/setup/pg-query-warnings.ts"] };
/** Projects resolve the import aliases as the root does (they do not inherit its settings). */
const aliased = { resolve: { alias: importAliases } };
/** Each API project's servers start as copies of one database migrated and seeded per run. */
const seededStart = { globalSetup: ["./tests/setup/api-global-setup.ts"] };

/**
 * Unit tests of domain/, and the in-process API tests: once on PGlite, and once more on
 * the PostgreSQL server when TEST_DATABASE_URL is set (CI sets it). The file tests run a
 * third time with files in S3 (s3rver) instead of DATA_DIR.
 */
export default defineConfig({
  resolve: { alias: importAliases },
  test: {
    // Two files at once on CI's two cores: a test file's database is one WASM thread (PGlite) or a
    // server process, so one at a time left a core idle; the whole suite takes ~70% of the time.
    maxWorkers: 2,
    projects: [
      {
        ...aliased,
        test: {
          name: "unit",
          include: ["domain/**/*.test.ts", "modules/*/*.test.ts", "tests/*.test.ts"],
          environment: "node",
          ...patience,
          ...runtime,
        },
      },
      {
        ...aliased,
        test: {
          name: "api-pglite",
          include: apiFiles,
          env: { TEST_DB: "pglite" },
          ...patience,
          ...apiRuntime,
          ...seededStart,
        },
      },
      {
        ...aliased,
        test: {
          name: "api-s3",
          include: fileTests,
          env: { TEST_DB: "pglite", TEST_STORAGE: "s3" },
          ...patience,
          ...apiRuntime,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              ...aliased,
              test: {
                name: "api-postgres",
                include: apiFiles,
                env: { TEST_DB: "postgres" },
                ...patience,
                ...apiRuntime,
                ...seededStart,
              },
            },
          ]
        : []),
    ],
  },
});
