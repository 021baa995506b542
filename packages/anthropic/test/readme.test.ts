import { assertConformant } from "@agui-bridge/conformance";
import { startMockProvider } from "@agui-bridge/mock-provider";
import { readmeSnippet, readmeTypeCheck, runQuickStart, runSnippet } from "@agui-bridge/test-support";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("README quick start", () => {
  it("runs as written, with the real SDK pointed at the local mock provider", async () => {
    const run = await runQuickStart(pkg, "swap-demo", (mock) => ({ ANTHROPIC_API_KEY: "mock-key", ANTHROPIC_BASE_URL: mock.baseUrls.anthropic }));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect((await assertConformant(run.events)).length).toBeGreaterThan(0);
    expect(run.events.at(-1)).toMatchObject({ type: "RUN_FINISHED", usage: [expect.objectContaining({ provider: "anthropic" })] });
    expect(run.requests).toHaveLength(1);
  });
});

describe("README usage block", () => {
  it("runs as written: the request converted and mapped by hand, then the same input through the provider", async () => {
    const mock = await startMockProvider({ strict: true, script: [{ text: "By hand." }, { text: "Through the provider." }] });
    try {
      const run = await runSnippet(readmeSnippet(join(pkg, "README.md"), 1), pkg, { ANTHROPIC_API_KEY: "mock-key", ANTHROPIC_BASE_URL: mock.baseUrls.anthropic });
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      // It prints the event types of two runs.
      const runs = run.stdout.trim().split("\n").join(" ").split(/(?<=RUN_FINISHED)\s*/).filter((part) => part !== "");
      expect(runs).toEqual([
        "RUN_STARTED TEXT_MESSAGE_START TEXT_MESSAGE_CONTENT TEXT_MESSAGE_END RUN_FINISHED",
        "RUN_STARTED TEXT_MESSAGE_START TEXT_MESSAGE_CONTENT TEXT_MESSAGE_END RUN_FINISHED",
      ]);
      expect(mock.requests).toHaveLength(2);
      expect(mock.requests[0]!.body).toMatchObject({ model: "claude-sonnet-4-6", stream: true, tools: [{ name: "get_weather" }] });
      expect(mock.requests[1]!.body).toMatchObject({ max_tokens: 4096, thinking: { type: "enabled", budget_tokens: 1024 }, tools: [{ name: "get_weather" }] });
    } finally {
      await mock.close();
    }
  });
});

describe("README types", () => {
  it("every ts block of the README type-checks as written in a strict TypeScript project", async () => {
    // Each block alone (none uses another's names), all in one compiler program; a failure names the block index and
    // the compiler's messages.
    const { blocks, failures } = await readmeTypeCheck(join(pkg, "README.md"), pkg);
    expect(blocks).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 60_000);
});
