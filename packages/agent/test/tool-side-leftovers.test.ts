/**
 * Tool-side failures that must not end or outlive the run: a throwing `approvalMessage`, tools
 * still running when the run ends through the internal-error path, and tool results that
 * serialize lossily (Map, Set) or without bound.
 */
import { createSequentialIds, type Event } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createAgent } from "../src/index.js";
import { bridgeOf, ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

describe("a throwing approvalMessage", () => {
  it("falls back to the default prompt (noted on the interrupt) instead of ending the run agent_error", async () => {
    const provider = scriptedProvider("p", [{ calls: [{ name: "danger", args: { path: "/x" }, id: "c1" }] }]);
    const agent = createAgent({
      provider,
      tools: {
        danger: {
          description: "needs approval",
          needsApproval: true,
          approvalMessage: () => {
            throw new Error("template broken");
          },
          execute: () => "done",
        },
      },
    });
    const { last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "interrupt" } });
    const interrupt = (last as { outcome: { interrupts: Array<{ message: string; metadata?: unknown }> } }).outcome.interrupts[0]!;
    expect(interrupt.message).toBe('Allow danger({"path":"/x"})?');
    expect(bridgeOf(interrupt)).toMatchObject({ toolName: "danger", approvalMessageError: "template broken" });
  });

  it("falls back to the default prompt when it returns something that is not a string", async () => {
    const provider = scriptedProvider("p", [{ calls: [{ name: "danger", args: {}, id: "c1" }] }]);
    const agent = createAgent({
      provider,
      tools: { danger: { description: "d", needsApproval: true, approvalMessage: (() => 42) as never, execute: () => "done" } },
    });
    const { last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    expect((last as { outcome: { interrupts: Array<{ message: unknown }> } }).outcome.interrupts[0]!.message).toBe("Allow danger({})?");
  });
});

describe("tools still running when the run ends", () => {
  it("are aborted when the run ends through the internal-error path", async () => {
    let boom = false;
    const ids = createSequentialIds("id");
    // A generateId that throws is now replaced by the built-in one (run.generate-id-failed), so the
    // internal error comes from one that keeps producing a taken id (the user message's).
    const generateId = (): string => (boom ? "user-1" : ids());
    let slowSignal: AbortSignal | undefined;
    const provider = scriptedProvider("p", [{ calls: [{ name: "slow", args: {}, id: "c1" }, { name: "fast", args: {}, id: "c2" }] }, { text: "done" }]);
    const agent = createAgent({
      provider,
      generateId,
      tools: {
        slow: {
          description: "runs until aborted",
          execute: (_args, { signal }) => {
            slowSignal = signal;
            return new Promise(() => undefined);
          },
        },
        fast: {
          description: "answers at once",
          execute: () => {
            boom = true;
            return "ok";
          },
        },
      },
    });
    const events: Event[] = [];
    for await (const event of agent.stream({ threadId: "t", runId: "r", messages: [user("go")] })) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "agent_error" });
    expect(slowSignal).toBeDefined();
    expect(slowSignal!.aborted).toBe(true);
  });
});

describe("tool results", () => {
  it("send a Map as its entries and a Set as its values, nested too", async () => {
    const provider = scriptedProvider("p", [{ calls: [{ name: "collect", args: {}, id: "c1" }] }, { text: "done" }]);
    const agent = createAgent({
      provider,
      tools: {
        collect: {
          description: "returns collections",
          execute: () => ({ byName: new Map<unknown, unknown>([["a", 1], [2, new Set(["x"])]]), tags: new Set([1, 2]) }),
        },
      },
    });
    const { events } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    const result = ofType(events, "TOOL_CALL_RESULT")[0]!;
    expect(JSON.parse(result.content as string)).toEqual({ byName: [["a", 1], [2, ["x"]]], tags: [1, 2] });
    expect(bridgeOf(result).toolError).toBeUndefined();
  });

  it("over maxToolResultBytes (UTF-8 bytes) are answered result_too_large and never sent to the model", async () => {
    const provider = scriptedProvider("p", [{ calls: [{ name: "dump", args: {}, id: "c1" }, { name: "wide", args: {}, id: "c2" }, { name: "fits", args: {}, id: "c3" }] }, { text: "done" }]);
    const agent = createAgent({
      provider,
      maxToolResultBytes: 100,
      tools: {
        dump: { description: "too long", execute: () => ({ rows: "x".repeat(200) }) },
        wide: { description: "100 characters, 200 bytes", execute: () => "é".repeat(100) },
        fits: { description: "exactly the limit", execute: () => "y".repeat(100) },
      },
    });
    const { events, last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    const results = ofType(events, "TOOL_CALL_RESULT");
    for (const id of ["c1", "c2"]) {
      const result = results.find((r) => r.toolCallId === id)!;
      expect(bridgeOf(result).toolError).toMatchObject({ code: "result_too_large" });
      expect(result.content).toMatch(/^Error: the result is \d+ bytes, over the 100-byte limit/);
    }
    expect(results.find((r) => r.toolCallId === "c3")!.content).toBe("y".repeat(100));
    const sent = JSON.stringify(provider.inputs[1]!.messages);
    expect(sent).not.toContain("x".repeat(200));
    expect(sent).not.toContain("é".repeat(100));
  });

  it("are capped at 1 MB by default; Infinity lifts the cap", async () => {
    const big = "z".repeat(1_000_001);
    const run = async (maxToolResultBytes?: number) => {
      const provider = scriptedProvider("p", [{ calls: [{ name: "dump", args: {}, id: "c1" }] }, { text: "done" }]);
      const agent = createAgent({
        provider,
        ...(maxToolResultBytes !== undefined && { maxToolResultBytes }),
        tools: { dump: { description: "big", execute: () => big } },
      });
      const { events } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
      return ofType(events, "TOOL_CALL_RESULT")[0]!;
    };
    expect(bridgeOf(await run()).toolError).toMatchObject({ code: "result_too_large" });
    expect((await run(Number.POSITIVE_INFINITY)).content).toBe(big);
  });
});
