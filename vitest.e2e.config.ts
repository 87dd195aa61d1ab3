import { defineConfig } from "vitest/config";

/** Browser journeys: the built app in its own process, driven through Chromium (tests/setup/chromium.ts). */
export default defineConfig({
  test: {
    name: "e2e",
    include: ["tests/e2e/**/*.test.ts"],
    globalSetup: ["tests/setup/e2e-global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // The pinned AWS SDK supports Node 20; its notice that later versions will not is noise here.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
  },
});
