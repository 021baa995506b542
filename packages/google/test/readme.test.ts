import { assertConformant } from "@agui-bridge/conformance";
import { startMockProvider } from "@agui-bridge/mock-provider";
import { readmeSnippet, readmeTypeCheck, runQuickStart, runSnippet } from "@agui-bridge/test-support";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("README quick start", () => {
  it("runs as written, with the real SDK pointed at the local mock provider", async () => {
    const run = await runQuickStart(pkg, "swap-demo", (mock) => ({ GEMINI_API_KEY: "mock-key", GOOGLE_GEMINI_BASE_URL: mock.baseUrls.google }));
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect((await assertConformant(run.events)).length).toBeGreaterThan(0);
    expect(run.events.at(-1)).toMatchObject({ type: "RUN_FINISHED", usage: [expect.objectContaining({ provider: "google" })] });
    expect(run.requests).toHaveLength(1);
  });
});

describe("README usage block", () => {
  it("runs as written: a stream opened by hand, a converted request, and the provider served as SSE in the abort-safe form", async () => {
    const mock = await startMockProvider({
      strict: true,
      script: [
        { text: "Hello there.", usage: { input: 3, output: 3 } },
        { text: "Tokyo.", usage: { input: 10, output: 2 } },
        { text: "Tokyo is warmer.", usage: { input: 10, output: 4 } },
      ],
    });
    try {
      const run = await runSnippet(readmeSnippet(join(pkg, "README.md"), 1), pkg, { GEMINI_API_KEY: "mock-key", GOOGLE_GEMINI_BASE_URL: mock.baseUrls.google });
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const lines = run.stdout.split("\n").filter((line) => line !== "");
      // Parts 1 and 2 print event types, one run each.
      const types = lines.filter((line) => /^[A-Z_]+$/.test(line));
      const runs = types.join(" ").split(/(?<=RUN_FINISHED)\s*/).filter((part) => part !== "");
      expect(runs).toEqual([expect.stringMatching(/^RUN_STARTED .*TEXT_MESSAGE_CONTENT .*RUN_FINISHED$/), expect.stringMatching(/^RUN_STARTED .*RUN_FINISHED$/)]);
      // Part 3 prints the SSE body a client receives.
      const events = lines.filter((line) => line.startsWith("data: ")).map((line) => JSON.parse(line.slice(6)) as { type: string; [key: string]: unknown });
      await assertConformant(events);
      expect(events[0]).toMatchObject({ type: "RUN_STARTED", threadId: "thread-1", runId: "run-3" });
      expect(events.filter((e) => e.type === "TEXT_MESSAGE_CONTENT").map((e) => e.delta).join("")).toBe("Tokyo is warmer.");
      expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: [{ provider: "google", inputTokens: 10, outputTokens: 4 }] });
      expect(lines.length).toBe(types.length + events.length);
      // The converted request carried the input's user message; the provider's asked for thoughts.
      expect(mock.requests).toHaveLength(3);
      expect(JSON.stringify(mock.requests[1]!.body)).toContain("Which is warmer, Paris or Tokyo?");
      expect(mock.requests[2]!.body).toMatchObject({ generationConfig: { thinkingConfig: { includeThoughts: true } } });
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
