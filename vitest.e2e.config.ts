import "./scripts/require-node.mjs";
import { defineConfig } from "vitest/config";
import { importAliases } from "./scripts/import-aliases";

/** Browser journeys: the built app in its own process, driven through Chromium (tests/setup/chromium.ts). */
export default defineConfig({
  resolve: { alias: importAliases },
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/setup/e2e-global-setup.ts"],
    // Journeys of thirty steps, each a page's round trip, on a machine that may be busy: these
    // bound a hang, not speed (speed is the bench's).
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // A poll covers a debounce, a fetch and a render: seconds on a loaded machine, not one.
    expect: { poll: { timeout: 15_000 } },
    fileParallelism: false,
  },
});
