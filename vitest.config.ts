import { defineConfig } from "vitest/config";

const apiFiles = ["server/**/*.test.ts"];
// The pinned AWS SDK supports Node 20; its notice that later versions will not is noise here.
const quiet = { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };
/** The tests of stored files, run once more with files on a real S3-compatible server. */
const fileTests = ["server/files.test.ts", "server/api/media/*.test.ts", "server/api/documents/*.test.ts"];

/**
 * Unit tests of domain/, and the in-process API tests: once on PGlite, and once more on
 * the PostgreSQL server when TEST_DATABASE_URL is set (CI sets it). The file tests run a
 * third time with files in S3 (s3rver) instead of DATA_DIR.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["domain/**/*.test.ts", "tests/*.test.ts"], environment: "node" } },
      { test: { name: "api-pglite", include: apiFiles, env: { ...quiet, TEST_DB: "pglite" }, testTimeout: 30_000, hookTimeout: 60_000 } },
      { test: { name: "api-s3", include: fileTests, env: { ...quiet, TEST_DB: "pglite", TEST_STORAGE: "s3" }, testTimeout: 30_000, hookTimeout: 60_000 } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: "api-postgres", include: apiFiles, env: { ...quiet, TEST_DB: "postgres" }, testTimeout: 30_000, hookTimeout: 60_000 } }]
        : []),
    ],
  },
});
