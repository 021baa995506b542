/**
 * A run of many model calls keeps its usage memory bounded: each step's (and subagent's) usage is
 * settled in the run's ledger as it is recorded (it comes from the call's terminal event, so it is
 * final), and the terminal usage is the same sum as ever.
 */
import { describe, expect, it } from "vitest";
import { createAgentRun, recordUsage } from "../src/agent-run.js";
import { createAgent } from "../src/index.js";
import { runChecked, scriptedProvider, user } from "./support/scripted.js";

const CALLS = 1000;

describe("a step's usage is settled once its model call ended", () => {
  it(`holds no call of ${CALLS} steps and subagents, and the ledger sums them all`, () => {
    const provider = scriptedProvider("model", []);
    const agent = createAgentRun({ provider }, { threadId: "t", runId: "r", messages: [] }, new AbortController().signal);
    let maxRetained = 0;
    for (let i = 0; i < CALLS; i++) {
      const usage = [
        { provider: "openai", model: "gpt-a", inputTokens: 10 + (i % 3), outputTokens: 5 },
        { provider: "anthropic", model: "claude-a", inputTokens: 2, outputTokens: 1 },
      ];
      recordUsage(agent, i % 4 === 3 ? `subagent-${i}` : `step-${i}`, usage);
      maxRetained = Math.max(maxRetained, agent.run.usage.retainedCalls);
    }
    expect(maxRetained).toBe(0);
    let input = 0;
    for (let i = 0; i < CALLS; i++) input += 10 + (i % 3);
    expect(agent.run.usage.entries()).toMatchObject([
      { provider: "openai", model: "gpt-a", inputTokens: input, outputTokens: 5 * CALLS },
      { provider: "anthropic", model: "claude-a", inputTokens: 2 * CALLS, outputTokens: CALLS },
    ]);
  });

  it("RUN_FINISHED still sums the usage of every step", async () => {
    const provider = scriptedProvider("model", [
      { calls: [{ name: "look", args: {} }], usage: { inputTokens: 10, outputTokens: 2 } },
      { calls: [{ name: "look", args: {} }], usage: { inputTokens: 20, outputTokens: 3 } },
      { text: "done", usage: { inputTokens: 30, outputTokens: 4 } },
    ]);
    const agent = createAgent({ id: "a", provider, tools: { look: { description: "looks", execute: () => "seen" } } });
    const { last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    expect(last).toMatchObject({ type: "RUN_FINISHED", usage: [{ inputTokens: 60, outputTokens: 9 }] });
  });
});
