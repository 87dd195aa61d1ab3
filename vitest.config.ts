import { defineConfig } from "vitest/config";

const apiFiles = ["server/**/*.test.ts"];

/**
 * Unit tests of domain/, and the in-process API tests: once on PGlite, and once more on
 * the PostgreSQL server when TEST_DATABASE_URL is set (CI sets it).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["domain/**/*.test.ts", "tests/*.test.ts"], environment: "node" } },
      { test: { name: "api-pglite", include: apiFiles, env: { TEST_DB: "pglite" }, testTimeout: 30_000, hookTimeout: 60_000 } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: "api-postgres", include: apiFiles, env: { TEST_DB: "postgres" }, testTimeout: 30_000, hookTimeout: 60_000 } }]
        : []),
    ],
  },
});
