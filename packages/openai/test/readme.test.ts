import { assertConformant } from "@agui-bridge/conformance";
import { startMockProvider } from "@agui-bridge/mock-provider";
import { readmeSnippet, runSnippet } from "@agui-bridge/test-support";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("README quick start", () => {
  it("runs as written, with the real SDK pointed at the local mock provider", async () => {
    const mock = await startMockProvider({ choose: () => "swap-demo" });
    try {
      const result = await runSnippet(readmeSnippet(join(pkg, "README.md")), pkg, {
        OPENAI_API_KEY: "mock-key",
        OPENAI_BASE_URL: mock.baseUrls.openai,
      });
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      const events = result.stdout.trim().split("\n").map((line) => JSON.parse(line) as { type: string });
      const messages = await assertConformant(events);
      expect(messages.length).toBeGreaterThan(0);
      expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", usage: [expect.objectContaining({ provider: "openai" })] });
      expect(mock.requests).toHaveLength(1);
    } finally {
      await mock.close();
    }
  });
});
