import { defineConfig } from "vitest/config";

// The README tests build and run snippets; on a loaded 2-core machine (a parallel turbo run) they
// need more than vitest's default 5 s.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 30_000 },
});
