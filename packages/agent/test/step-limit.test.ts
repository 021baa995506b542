/**
 * `maxSteps` is one limit: what the run enforces is what `capabilities.execution.maxIterations`
 * declares, and a value that is not a count (NaN) never lets a model repeating a call run forever.
 */
import { describe, expect, it } from "vitest";
import { createAgent } from "../src/index.js";
import { ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

const again = { description: "called forever", execute: () => "again" };
const forever = () => scriptedProvider("p", () => ({ calls: [{ name: "again", args: {} }] }));
const input = { threadId: "t", runId: "r", messages: [user("loop")] };

describe("maxSteps", () => {
  it("NaN is the default limit, not an endless run", async () => {
    const agent = createAgent({ provider: forever(), tools: { again }, maxSteps: Number.NaN });
    const { events, last } = await runChecked(agent, input);
    expect(ofType(events, "STEP_STARTED")).toHaveLength(8);
    expect(last).toMatchObject({ type: "RUN_FINISHED", metadata: { "agui-bridge": { stopReason: "max_steps", steps: 8 } } });
    expect(agent.capabilities.execution).toEqual({ maxIterations: 8 });
  }, 5000);

  it("below one makes one model call, and the capabilities say so", async () => {
    const agent = createAgent({ provider: forever(), tools: { again }, maxSteps: 0 });
    const { events } = await runChecked(agent, input);
    expect(ofType(events, "STEP_STARTED")).toHaveLength(1);
    expect(agent.capabilities.execution).toEqual({ maxIterations: 1 });
  });

  it("Infinity declares no iteration cap (the capability is an integer)", () => {
    const agent = createAgent({ provider: forever(), tools: { again }, maxSteps: Number.POSITIVE_INFINITY });
    expect(agent.capabilities.execution).toEqual({});
  });
});
