import { assertConformant } from "@agui-bridge/conformance";
import { startMockProvider, type ScriptEntry } from "@agui-bridge/mock-provider";
import { readmeSnippet, readmeTypeCheck, runSnippet } from "@agui-bridge/test-support";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs the README's `index`-th ts block as written, with the real Anthropic and Gemini SDKs pointed at the scripted mock. */
async function runBlock(index: number, script: ScriptEntry[]) {
  const mock = await startMockProvider({ strict: true, script });
  try {
    const env = { ANTHROPIC_API_KEY: "mock-key", ANTHROPIC_BASE_URL: mock.baseUrls.anthropic, GEMINI_API_KEY: "mock-key", GOOGLE_GEMINI_BASE_URL: mock.baseUrls.google };
    const run = await runSnippet(readmeSnippet(join(pkg, "README.md"), index), pkg, env);
    const events = run.stdout.trim().split("\n").filter((line) => line !== "").map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });
    return { ...run, events, requests: mock.requests };
  } finally {
    await mock.close();
  }
}

describe("README", () => {
  it("every ts block of the README type-checks as written in a strict TypeScript project", async () => {
    // Each block alone (none uses another's names), all in one compiler program; a failure names the block index and
    // the compiler's messages.
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

  it("subagents: the lead on Claude delegates to the researcher on Gemini, SUBAGENT_* around the researcher's run", async () => {
    // The mock answers requests in order, whichever API they reach: the lead's first step (Claude),
    // the researcher (Gemini), the lead's second step (Claude).
    const run = await runBlock(2, [
      { text: "Asking the researcher.", calls: [{ id: "toolu_r", name: "research", args: { task: "Which is warmer today, Paris or Tokyo?" } }], usage: { input: 40, output: 9 } },
      { text: "Tokyo, at 24°C against 18°C.", usage: { input: 20, output: 7 } },
      { text: "Tokyo is warmer today.", usage: { input: 70, output: 6 } },
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const messages = await assertConformant(run.events);
    expect(run.requests.map((r) => r.format)).toEqual(["anthropic", "google", "anthropic"]);
    const types = run.events.map((e) => e.type);
    const started = types.indexOf("SUBAGENT_STARTED");
    const finished = types.indexOf("SUBAGENT_FINISHED");
    expect(started).toBeGreaterThan(types.indexOf("TOOL_CALL_END"));
    expect(finished).toBeGreaterThan(started);
    expect(run.events[started]).toMatchObject({ parentToolCallId: "toolu_r" });
    const subagentRunId = run.events[started]!.subagentRunId;
    expect(subagentRunId).toEqual(expect.any(String));
    // The researcher's own events sit between the two, stamped with its run id, its ids namespaced.
    const inner = run.events.slice(started + 1, finished);
    expect(inner.map((e) => e.type)).toContain("TEXT_MESSAGE_CONTENT");
    expect(inner.every((e) => e.subagentRunId === subagentRunId)).toBe(true);
    expect(inner.find((e) => e.type === "TEXT_MESSAGE_START")).toMatchObject({ messageId: expect.stringMatching(/^subagent:toolu_r\//) });
    expect(run.events[finished]).toMatchObject({ subagentRunId, result: "Tokyo, at 24°C against 18°C." });
    expect(run.events.find((e) => e.type === "TOOL_CALL_RESULT")).toMatchObject({ toolCallId: "toolu_r", content: "Tokyo, at 24°C against 18°C." });
    expect(messages.at(-1)).toMatchObject({ role: "assistant", content: "Tokyo is warmer today." });
    // The lead's second request carries the answer as the call's result.
    const second = JSON.stringify(run.requests[2]!.body);
    expect(second).toContain("Tokyo, at 24°C against 18°C.");
    expect(run.events.at(-1)).toMatchObject({
      type: "RUN_FINISHED",
      outcome: { type: "success" },
      usage: expect.arrayContaining([
        expect.objectContaining({ provider: "anthropic", inputTokens: 110, outputTokens: 15 }),
        expect.objectContaining({ provider: "google", inputTokens: 20, outputTokens: 7 }),
      ]),
    });
    expect(run.events.at(-1)!.usage).toHaveLength(2); // one entry per provider and model
  });
});
