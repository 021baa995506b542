import { defineConfig } from "vitest/config";

// Some tests start child processes and servers; on a loaded 2-core CI machine they need more than
// vitest's default 5 s.
export default defineConfig({
  test: { testTimeout: 120_000, hookTimeout: 120_000 },
});
