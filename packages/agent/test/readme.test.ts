import { assertConformant } from "@agui-bridge/conformance";
import { startMockProvider, type ScriptEntry } from "@agui-bridge/mock-provider";
import { readmeSnippet, readmeTypeCheck, runSnippet } from "@agui-bridge/test-support";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs the README's `index`-th ts block as written, with the real Anthropic SDK pointed at the scripted mock. */
async function runBlock(index: number, script: ScriptEntry[]) {
  const mock = await startMockProvider({ script });
  try {
    const run = await runSnippet(readmeSnippet(join(pkg, "README.md"), index), pkg, { ANTHROPIC_API_KEY: "mock-key", ANTHROPIC_BASE_URL: mock.baseUrls.anthropic });
    const events = run.stdout.trim().split("\n").filter((line) => line !== "").map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
    return { ...run, events, requests: mock.requests };
  } finally {
    await mock.close();
  }
}

describe("README", () => {
  it("every ts block of the README type-checks as written in a strict TypeScript project", async () => {
    // Each block alone (none uses another's names), all in one compiler program; a failure names the block index and
    // the compiler's messages. Block 2 (subagents) declares its two providers (`declare const gemini: Provider`).
    const { blocks, failures } = await readmeTypeCheck(join(pkg, "README.md"), pkg);
    expect(blocks).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 60_000);

  it("quick start: one run, two steps, the tool run by the agent", async () => {
    const run = await runBlock(0, [
      { text: "Checking.", calls: [{ id: "toolu_1", name: "get_weather", args: { city: "Paris" } }], usage: { input: 40, output: 9 } },
      { text: "18°C and light rain in Paris.", usage: { input: 60, output: 8 } },
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const messages = await assertConformant(run.events);
    expect(run.requests).toHaveLength(2);
    expect(run.events.find((e) => e.type === "TOOL_CALL_RESULT")).toMatchObject({ toolCallId: "toolu_1", content: '{"city":"Paris","tempC":18,"sky":"light rain"}' });
    expect(messages.at(-1)).toMatchObject({ role: "assistant", content: "18°C and light rain in Paris." });
    expect(run.events.at(-1)).toMatchObject({ type: "RUN_FINISHED", usage: [{ provider: "anthropic", inputTokens: 100, outputTokens: 17 }] });
  });

  it("approvals: the second run executes the call with the edited arguments", async () => {
    const run = await runBlock(1, [
      { text: "Deleting.", calls: [{ id: "toolu_del", name: "delete_file", args: { path: "/tmp/report.txt" } }] },
      { text: "Deleted." },
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    await assertConformant(run.events);
    expect(run.events[0]).toMatchObject({ type: "RUN_STARTED", runId: "run-2" });
    expect(run.events.find((e) => e.type === "TOOL_CALL_RESULT")).toMatchObject({ toolCallId: "toolu_del", content: "deleted /tmp/report-old.txt" });
    expect(run.events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });
});
