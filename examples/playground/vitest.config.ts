import { defineConfig } from "vitest/config";

// The browser tests start the playground server and a headless Chromium; on a loaded 2-core CI
// machine they need far more than vitest's default 5 s. The browser suite runs its files one at a
// time (one Chromium at once).
export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 60_000, fileParallelism: false },
});
