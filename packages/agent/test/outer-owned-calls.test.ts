import { RunBuilder, type Message, type Provider, type ResumeEntry, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { FRONTEND_INTERRUPT_REASON, approvalInterruptId, createAgent, frontendInterruptId } from "../src/index.js";
import { bridgeOf, ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

/**
 * An outer agent whose provider is an inner agent. The inner model, in one step, calls `lookup`
 * (the OUTER agent's tool: the inner agent sees it as a frontend tool) and `delete_file` (the
 * inner agent's own tool, needing approval), so the inner run ends on an interrupt that also names
 * the `lookup` call as a frontend interrupt.
 */
function nested(options: { lookupNeedsApproval?: boolean; frontendToo?: boolean } = {}) {
  const deleted: string[] = [];
  const looked: string[] = [];
  const model = scriptedProvider("p", [
    {
      calls: [
        { name: "lookup", args: { q: "a" }, id: "look-1" },
        { name: "delete_file", args: { path: "/tmp/a" }, id: "del-1" },
        ...(options.frontendToo === true ? [{ name: "show_map", args: { city: "Tokyo" }, id: "map-1" }] : []),
      ],
    },
    { text: "Done." },
  ]);
  const inner = createAgent({
    id: "inner",
    provider: model,
    tools: { delete_file: { description: "Deletes a file", needsApproval: true, execute: ({ path }: { path: string }) => (deleted.push(path), `deleted ${path}`) } },
  });
  const outer = createAgent({
    id: "outer",
    provider: inner,
    tools: {
      lookup: {
        description: "Looks something up",
        parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
        ...(options.lookupNeedsApproval === true && { needsApproval: true }),
        execute: ({ q }: { q: string }) => (looked.push(q), `found ${q}`),
      },
    },
  });
  const input: RunAgentInput = {
    threadId: "t",
    runId: "r1",
    messages: [user("Look up a and delete /tmp/a")],
    ...(options.frontendToo === true && { tools: [{ name: "show_map", description: "Shows a map", parameters: { type: "object" } }] }),
  };
  const resumed = (messages: Message[], resume: ResumeEntry[], runId = "r2") => runChecked(outer, { ...input, runId, messages, resume });
  return { deleted, looked, model, outer, input, resumed };
}

const approveDelete: ResumeEntry = { interruptId: approvalInterruptId("del-1"), status: "resolved", payload: { approved: true } };
const interruptIds = (last: unknown) => (last as { outcome?: { interrupts?: Array<{ id: string }> } }).outcome?.interrupts?.map((i) => i.id);
const toolResults = (messages: readonly Message[]) => messages.filter((m) => m.role === "tool").map((m) => [(m as { toolCallId: string }).toolCallId, m.content]);

describe("an agent over an agent: the inner agent's frontend interrupts for calls the outer agent owns", () => {
  it("a call of an outer server tool is executed by the outer agent, not passed on; only the inner approval is raised, and its resume feeds the result to the inner model", async () => {
    const { deleted, looked, model, outer, input, resumed } = nested();
    const first = await runChecked(outer, input);
    expect(looked).toEqual(["a"]);
    expect(ofType(first.events, "TOOL_CALL_RESULT").map((r) => [r.toolCallId, r.content])).toEqual([["look-1", "found a"]]);
    expect(interruptIds(first.last)).toEqual([approvalInterruptId("del-1")]);
    expect(deleted).toEqual([]);

    const second = await resumed(first.messages, [approveDelete]);
    expect(deleted).toEqual(["/tmp/a"]);
    expect(looked).toEqual(["a"]);
    expect(toolResults(model.inputs[1]!.messages)).toEqual([
      ["look-1", "found a"],
      ["del-1", "deleted /tmp/a"],
    ]);
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    // The client cannot also answer the call the outer agent already ran.
    const twice = await nested().resumed(first.messages, [approveDelete, { interruptId: frontendInterruptId("look-1"), status: "resolved", payload: "x" }]);
    expect(twice.last).toMatchObject({ type: "RUN_ERROR", code: "invalid_resume" });
    expect(twice.events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
  });

  it("a call of an outer tool that needs approval becomes the outer agent's own approval, run by the outer agent on resume", async () => {
    const { deleted, looked, model, outer, input, resumed } = nested({ lookupNeedsApproval: true });
    const first = await runChecked(outer, input);
    expect(looked).toEqual([]);
    expect(interruptIds(first.last)).toEqual([approvalInterruptId("del-1"), approvalInterruptId("look-1")]);
    const approval = (first.last as { outcome: { interrupts: Array<{ id: string; reason: string; metadata?: unknown }> } }).outcome.interrupts[1]!;
    expect(approval).toMatchObject({ reason: "tool_call", toolCallId: "look-1" });
    expect(bridgeOf(approval)).toMatchObject({ toolName: "lookup", args: { q: "a" } });

    const second = await resumed(first.messages, [approveDelete, { interruptId: approvalInterruptId("look-1"), status: "resolved", payload: { approved: true } }]);
    expect(looked).toEqual(["a"]);
    expect(deleted).toEqual(["/tmp/a"]);
    expect(toolResults(model.inputs[1]!.messages)).toEqual([
      ["look-1", "found a"],
      ["del-1", "deleted /tmp/a"],
    ]);
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });

  it("a real frontend call (a tool neither agent owns) is still passed on next to the inner approval", async () => {
    const { looked, input, outer, resumed, deleted } = nested({ frontendToo: true });
    const first = await runChecked(outer, input);
    expect(looked).toEqual(["a"]);
    expect(interruptIds(first.last)).toEqual([approvalInterruptId("del-1"), frontendInterruptId("map-1")]);
    const second = await resumed(first.messages, [approveDelete, { interruptId: frontendInterruptId("map-1"), status: "resolved", payload: "map shown" }]);
    expect(deleted).toEqual(["/tmp/a"]);
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });

  it("judges the whole resume before anything runs: an approved outer call is not run when the inner approval is left unanswered", async () => {
    const { looked, model, outer, input, resumed } = nested({ lookupNeedsApproval: true });
    const first = await runChecked(outer, input);
    const run = await resumed(first.messages, [{ interruptId: approvalInterruptId("look-1"), status: "resolved", payload: { approved: true } }]);
    expect(run.last).toMatchObject({ type: "RUN_ERROR", code: "interrupt_unanswered" });
    expect(run.events.map((e) => e.type)).toEqual(["RUN_STARTED", "RUN_ERROR"]);
    expect(looked).toEqual([]);
    expect(model.inputs).toHaveLength(1);
    void outer;
  });

  it("a provider whose interrupts all name calls of the outer agent's tools: the outer agent runs them and goes on to the next step", async () => {
    const inputs: RunAgentInput[] = [];
    const provider: Provider = {
      id: "p",
      async *stream(input) {
        inputs.push(structuredClone(input));
        const run = new RunBuilder({ threadId: input.threadId, runId: input.runId });
        run.start();
        if (inputs.length === 1) {
          run.startToolCall({ toolCallId: "look-1", toolCallName: "lookup" });
          run.toolCallArgs("look-1", '{"q":"a"}');
          run.endToolCall("look-1");
          run.interrupt({ interrupts: [{ id: frontendInterruptId("look-1"), reason: FRONTEND_INTERRUPT_REASON, toolCallId: "look-1" }] });
        } else {
          run.startText({ messageId: "m" });
          run.text("m", "Done.");
          run.endText("m");
          run.finish({});
        }
        yield* run.drain();
      },
    };
    const looked: string[] = [];
    const agent = createAgent({ provider, tools: { lookup: { description: "Looks something up", execute: ({ q }: { q: string }) => (looked.push(q), `found ${q}`) } } });
    const run = await runChecked(agent, { threadId: "t", runId: "r1", messages: [user("go")] });
    expect(looked).toEqual(["a"]);
    expect(toolResults(inputs[1]!.messages)).toEqual([["look-1", "found a"]]);
    expect(run.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
  });
});
