import type { Message, RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { approvalInterruptId, createAgent, frontendInterruptId, subagent } from "../src/index.js";
import { bridgeOf, ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

const huge = "x".repeat(200);
const showMap = { name: "show_map", description: "Shows a map", parameters: { type: "object" } };

describe("maxToolResultBytes covers every tool result that reaches the model", () => {
  it("a subagent's final answer over the limit is answered result_too_large, its text never sent to the parent's model", async () => {
    const helper = scriptedProvider("h", [{ text: huge }]);
    const lead = scriptedProvider("l", [{ calls: [{ name: "research", args: { task: "dig" }, id: "c1" }] }, { text: "done" }]);
    const agent = createAgent({
      provider: lead,
      maxToolResultBytes: 100,
      tools: { research: subagent({ name: "research", description: "Researches", agent: createAgent({ provider: helper }) }) },
    });
    const { events, last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    const result = ofType(events, "TOOL_CALL_RESULT").find((r) => r.toolCallId === "c1")!;
    expect(result.content).toMatch(/^Error: the result is 200 bytes, over the 100-byte limit/);
    expect(bridgeOf(result)).toMatchObject({ subagentRunId: "subagent:c1", toolError: { code: "result_too_large" } });
    const parentView = lead.inputs[1]!.messages;
    expect(JSON.stringify(parentView)).not.toContain(huge);
  });

  it("a frontend tool's message in the input over the limit reaches the model as the result_too_large error; the history is untouched", async () => {
    const provider = scriptedProvider("p", [{ text: "ok" }]);
    const agent = createAgent({ provider, maxToolResultBytes: 100 });
    const messages: Message[] = [
      user("show"),
      { id: "a1", role: "assistant", content: "", toolCalls: [{ id: "f1", type: "function", function: { name: "show_map", arguments: "{}" } }] },
      { id: "t1", role: "tool", toolCallId: "f1", content: huge },
      { id: "a2", role: "assistant", content: "", toolCalls: [{ id: "f2", type: "function", function: { name: "show_map", arguments: "{}" } }] },
      { id: "t2", role: "tool", toolCallId: "f2", content: [{ type: "text", text: huge }] },
    ];
    const input: RunAgentInput = { threadId: "t", runId: "r", messages, tools: [showMap] };
    const { last, messages: after } = await runChecked(agent, input);
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    const sent = provider.inputs[0]!.messages.filter((m) => m.role === "tool");
    expect(sent).toHaveLength(2);
    for (const message of sent) {
      expect(message.content).toMatch(/^Error: the result is 200 bytes, over the 100-byte limit/);
      expect(bridgeOf(message).toolError).toMatchObject({ code: "result_too_large" });
    }
    // The AG-UI conversation keeps what the client sent.
    expect(after.find((m) => m.id === "t1")!.content).toBe(huge);
    expect(input.messages[2]!.content).toBe(huge);
  });

  it("a frontend result given as a resume payload over the limit is answered result_too_large", async () => {
    const provider = scriptedProvider("p", [
      { calls: [{ name: "show_map", args: {}, id: "f1" }, { name: "rm", args: {}, id: "c1" }] },
      { text: "done" },
    ]);
    const agent = createAgent({ provider, maxToolResultBytes: 100, tools: { rm: { description: "rm", needsApproval: true, execute: () => "removed" } } });
    const input: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("go")], tools: [showMap] };
    const first = await runChecked(agent, input);
    const second = await runChecked(agent, {
      ...input,
      runId: "r2",
      messages: first.messages,
      resume: [
        { interruptId: approvalInterruptId("c1"), status: "resolved", payload: { approved: true } },
        { interruptId: frontendInterruptId("f1"), status: "resolved", payload: huge },
      ],
    });
    const result = ofType(second.events, "TOOL_CALL_RESULT").find((r) => r.toolCallId === "f1")!;
    expect(bridgeOf(result)).toMatchObject({ frontend: true, toolError: { code: "result_too_large" } });
    expect(JSON.stringify(provider.inputs[1]!.messages)).not.toContain(huge);
  });
});

describe("a tool returning an Error", () => {
  it("is sent as { name, message } (and its cause), never as {} and never with its stack", async () => {
    const provider = scriptedProvider("p", [{ calls: [{ name: "check", args: {}, id: "c1" }] }, { text: "done" }]);
    const failure = new TypeError("disk full", { cause: new Error("quota sk-ant-api03-AbCdEf0123456789AbCdEf") });
    const agent = createAgent({ provider, tools: { check: { description: "check", execute: () => ({ ok: false, failure }) } } });
    const { events } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    const content = ofType(events, "TOOL_CALL_RESULT")[0]!.content as string;
    expect(JSON.parse(content)).toEqual({ ok: false, failure: { name: "TypeError", message: "disk full", cause: { name: "Error", message: expect.not.stringContaining("AbCdEf0123456789") } } });
    expect(content).not.toContain("at ");
    const bare = createAgent({ provider: scriptedProvider("p", [{ calls: [{ name: "check", args: {}, id: "c1" }] }, { text: "done" }]), tools: { check: { description: "check", execute: () => new RangeError("too far") } } });
    const run = await runChecked(bare, { threadId: "t", runId: "r", messages: [user("go")] });
    expect(JSON.parse(ofType(run.events, "TOOL_CALL_RESULT")[0]!.content as string)).toEqual({ name: "RangeError", message: "too far" });
  });

  it("whose causes loop back (a wraps b, b's cause set to a) is sent with the chain up to the loop, not turned into an error", async () => {
    const inner = new Error("socket closed");
    const outer = new Error("fetch failed", { cause: inner });
    (inner as { cause?: unknown }).cause = outer;
    const agent = createAgent({ provider: scriptedProvider("p", [{ calls: [{ name: "check", args: {}, id: "c1" }] }, { text: "done" }]), tools: { check: { description: "check", execute: () => ({ failure: outer }) } } });
    const { events } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    const result = ofType(events, "TOOL_CALL_RESULT")[0]!;
    expect(JSON.parse(result.content as string)).toEqual({ failure: { name: "Error", message: "fetch failed", cause: { name: "Error", message: "socket closed" } } });
  });
});


describe("a tool message of the input over maxToolResultBytes", () => {
  it("reaches the model as the result_too_large error while a tool's context has it in full (documented)", async () => {
    let seen: readonly Message[] = [];
    const provider = scriptedProvider("p", [{ calls: [{ name: "summarize", args: {}, id: "c1" }] }, { text: "done" }]);
    const agent = createAgent({
      provider,
      maxToolResultBytes: 100,
      tools: { summarize: { description: "reads the conversation", execute: (_args, { messages }) => { seen = messages; return "ok"; } } },
    });
    const messages: Message[] = [
      user("show it", "u0"),
      { id: "a0", role: "assistant", content: "", toolCalls: [{ id: "f0", type: "function", function: { name: "show_map", arguments: "{}" } }] },
      { id: "t0", role: "tool", toolCallId: "f0", content: huge },
      user("now summarize"),
    ];
    await runChecked(agent, { threadId: "t", runId: "r", messages, tools: [showMap] });
    expect(JSON.stringify(provider.inputs[0]!.messages)).not.toContain(huge);
    expect(seen.find((message) => message.id === "t0")).toMatchObject({ role: "tool", content: huge });
  });
});
