import { RunBuilder, type Interrupt, type Message, type Provider, type ResumeEntry, type RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { FRONTEND_INTERRUPT_REASON, approvalInterruptId, createAgent, frontendInterruptId } from "../src/index.js";
import { ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

/**
 * An outer agent over an inner agent whose model calls `delete_file` (the inner agent's tool,
 * needing approval) and `show_map` (a frontend tool of the client), so the inner run ends on an
 * approval and a frontend interrupt, both passed on by the outer agent. With `clash`, the
 * conversation already holds a subagent's tool calls with the same ids (the inner agent does not
 * see subagent messages, so it keeps its ids): the outer run gives both calls new ids.
 */
function nested(clash: boolean) {
  const deleted: string[] = [];
  const model = scriptedProvider("p", [
    {
      calls: [
        { name: "delete_file", args: { path: "/tmp/a" }, id: "del-1" },
        { name: "show_map", args: { city: "Tokyo" }, id: "map-1" },
      ],
    },
    { text: "Done." },
  ]);
  const inner = createAgent({
    id: "inner",
    provider: model,
    tools: { delete_file: { description: "Deletes a file", needsApproval: true, execute: ({ path }: { path: string }) => (deleted.push(path), `deleted ${path}`) } },
  });
  let n = 0;
  const outer = createAgent({ id: "outer", provider: inner, generateId: () => `run-id-${++n}` });
  const earlier: Message = {
    id: "sub-a1",
    role: "assistant",
    subagentRunId: "earlier-sub",
    toolCalls: ["del-1", "map-1"].map((id) => ({ id, type: "function" as const, function: { name: "noop", arguments: "{}" } })),
  };
  const input: RunAgentInput = {
    threadId: "t",
    runId: "r1",
    messages: [user("Delete /tmp/a and show Tokyo"), ...(clash ? [earlier] : [])],
    tools: [{ name: "show_map", description: "Shows a map", parameters: { type: "object" } }],
  };
  const resumed = (messages: Message[], resume: ResumeEntry[]) => runChecked(outer, { ...input, runId: "r2", messages, resume });
  return { deleted, model, outer, input, resumed };
}

const interruptsOf = (last: unknown): Interrupt[] => (last as { outcome?: { interrupts?: Interrupt[] } }).outcome?.interrupts ?? [];
const toolResults = (messages: readonly Message[]) => messages.filter((m) => m.role === "tool").map((m) => [(m as { toolCallId: string }).toolCallId, m.content]);

/** Runs the scenario to its interrupt, then resumes it approving the deletion and answering the map. */
async function scenario(clash: boolean) {
  const { deleted, model, outer, input, resumed } = nested(clash);
  const first = await runChecked(outer, input);
  const interrupts = interruptsOf(first.last);
  const approval = interrupts.find((i) => i.reason === "tool_call")!;
  const frontend = interrupts.find((i) => i.reason === FRONTEND_INTERRUPT_REASON)!;
  const second = await resumed(first.messages, [
    { interruptId: approval.id, status: "resolved", payload: { approved: true } },
    { interruptId: frontend.id, status: "resolved", payload: "map shown" },
  ]);
  return { deleted, model, first, approval, frontend, second };
}

describe("an agent over an agent: passed-on interrupts whose tool calls the outer run gave new ids", () => {
  it("each passed-on interrupt's id names the call its toolCallId names (the run's id), and the snapshot before it holds that call", async () => {
    const { first, approval, frontend } = await scenario(true);
    const started = ofType(first.events, "TOOL_CALL_START").map((e) => e.toolCallId);
    expect(started).not.toContain("del-1");
    expect(started).toContain(approval.toolCallId);
    expect(started).toContain(frontend.toolCallId);
    expect(approval.id).toBe(approvalInterruptId(approval.toolCallId!));
    expect(frontend.id).toBe(frontendInterruptId(frontend.toolCallId!));
    // The messages a resume starts from: the run's calls under their run ids, the earlier subagent messages kept.
    const calls = first.messages.flatMap((m) => (m.role === "assistant" && m.subagentRunId === undefined ? (m.toolCalls ?? []).map((tc) => tc.id) : []));
    expect(calls).toEqual([approval.toolCallId, frontend.toolCallId]);
    expect(first.messages.map((m) => m.id)).toContain("sub-a1");
    const snapshot = ofType(first.events, "MESSAGES_SNAPSHOT").at(-1)!;
    expect(snapshot.messages.map((m) => m.id)).toContain("sub-a1");
  });

  it("the resume answering them reaches the inner agent under the run's ids, and the run goes on as without the clash", async () => {
    const clashed = await scenario(true);
    const plain = await scenario(false);
    for (const { deleted, model, approval, frontend, second } of [clashed, plain]) {
      expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
      expect(deleted).toEqual(["/tmp/a"]);
      expect(toolResults(model.inputs[1]!.messages)).toEqual([
        [approval.toolCallId, "deleted /tmp/a"],
        [frontend.toolCallId, "map shown"],
      ]);
    }
    expect(clashed.second.events.map((e) => e.type)).toEqual(plain.second.events.map((e) => e.type));
  });

  it("an interrupt id that is the provider's own (not derived from the call) is passed on as it is, its toolCallId in the run's ids", async () => {
    const inputs: RunAgentInput[] = [];
    const provider: Provider & { capabilities: unknown } = {
      id: "p",
      capabilities: { humanInTheLoop: { interrupts: true } },
      async *stream(input) {
        inputs.push(structuredClone(input));
        const run = new RunBuilder({ threadId: input.threadId, runId: input.runId });
        run.start();
        if (inputs.length === 1) {
          run.startToolCall({ toolCallId: "c-1", toolCallName: "ask" });
          run.endToolCall("c-1");
          run.interrupt({ interrupts: [{ id: "ask-1", reason: "tool_call", toolCallId: "c-1" }] });
        } else run.finish({});
        yield* run.drain();
      },
    };
    let n = 0;
    const agent = createAgent({ provider, generateId: () => `run-id-${++n}` });
    const earlier: Message = { id: "a-0", role: "assistant", toolCalls: [{ id: "c-1", type: "function", function: { name: "ask", arguments: "{}" } }] };
    const answer: Message = { id: "t-0", role: "tool", toolCallId: "c-1", content: "earlier" };
    const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("go", "u-0"), earlier, answer, user("again")] };
    const first = await runChecked(agent, input);
    const [interrupt] = interruptsOf(first.last);
    expect(interrupt).toMatchObject({ id: "ask-1", toolCallId: "run-id-1" });
    const second = await runChecked(agent, { ...input, runId: "r2", messages: first.messages, resume: [{ interruptId: "ask-1", status: "resolved", payload: "yes" }] });
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(inputs[1]!.resume).toEqual([{ interruptId: "ask-1", status: "resolved", payload: "yes" }]);
  });
});
