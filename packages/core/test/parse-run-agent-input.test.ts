import { describe, expect, it } from "vitest";
import { parseRunAgentInput, providerInputOptions, RunInputError, type RunAgentInput } from "../src/adapter.js";

const valid: RunAgentInput = {
  threadId: "t",
  runId: "r",
  protocolVersion: "1.0",
  state: { count: 1, nested: [1, { a: null }] },
  messages: [
    { id: "s", role: "system", content: "be brief" },
    { id: "d", role: "developer", content: "dev", name: "ops" },
    { id: "u", role: "user", content: [{ type: "text", text: "hi" }, { type: "image", source: { type: "data", value: "AA==", mimeType: "image/png" } }, { type: "document", source: { type: "file", value: "file-1", provider: "openai" } }, { type: "audio", source: { type: "url", value: "https://x/a.wav" } }] },
    { id: "a", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{" }, encryptedValue: "sig", metadata: { k: null } }] },
    { id: "tm", role: "tool", toolCallId: "c1", content: "42", error: "partial" },
    { id: "rm", role: "reasoning", content: "thinking", encryptedValue: "enc" },
    { id: "am", role: "activity", activityType: "progress", content: { step: 1 } },
  ],
  tools: [{ name: "f", description: "does f", parameters: { type: "object" }, metadata: { ui: "card" } }],
  context: [{ description: "where", value: "Paris" }],
  forwardedProps: { any: ["thing"] },
  resume: [{ interruptId: "i1", status: "resolved", payload: { ok: true } }],
};

function problemOf(value: unknown, options?: Parameters<typeof parseRunAgentInput>[1]): RunInputError {
  try {
    parseRunAgentInput(value, options);
  } catch (error) {
    if (error instanceof RunInputError) return error;
    throw error;
  }
  throw new Error("expected a RunInputError");
}

describe("parseRunAgentInput", () => {
  it("returns a valid 1.0 input as it is", () => {
    expect(parseRunAgentInput(valid)).toBe(valid);
    // undefined members count as absent, as they vanish when serialized
    expect(() => parseRunAgentInput({ ...valid, tools: undefined, parentRunId: undefined })).not.toThrow();
  });

  it.each<[string, unknown, string, RegExp]>([
    ["not an object", "hello", "", /RunAgentInput object/],
    ["messages a string", { threadId: "t", runId: "r", messages: "hello" }, "messages", /array/],
    ["a null message", { threadId: "t", runId: "r", messages: [null] }, "messages[0]", /message object, got null/],
    ["missing runId", { threadId: "t", messages: [] }, "runId", /required/],
    ["unknown role", { threadId: "t", runId: "r", messages: [{ id: "x", role: "bot", content: "" }] }, "messages[0].role", /"user"/],
    ["user content number", { threadId: "t", runId: "r", messages: [{ id: "x", role: "user", content: 3 }] }, "messages[0].content", /string or an array/],
    ["closed message", { threadId: "t", runId: "r", messages: [{ id: "x", role: "user", content: "", toolCalls: [] }] }, "messages[0].toolCalls", /closed/],
    ["tool message without call id", { threadId: "t", runId: "r", messages: [{ id: "x", role: "tool", content: "" }] }, "messages[0].toolCallId", /required/],
    ["name on a tool message", { threadId: "t", runId: "r", messages: [{ id: "x", role: "tool", content: "", toolCallId: "c", name: "n" }] }, "messages[0].name", /closed/],
    ["bad tool call type", { threadId: "t", runId: "r", messages: [{ id: "x", role: "assistant", toolCalls: [{ id: "c", type: "fn", function: { name: "f", arguments: "" } }] }] }, "messages[0].toolCalls[0].type", /"function"/],
    ["data source without mimeType", { threadId: "t", runId: "r", messages: [{ id: "x", role: "user", content: [{ type: "image", source: { type: "data", value: "" } }] }] }, "messages[0].content[0].source.mimeType", /required/],
    ["unknown part", { threadId: "t", runId: "r", messages: [{ id: "x", role: "user", content: [{ type: "binary" }] }] }, "messages[0].content[0].type", /one of/],
    ["null state", { threadId: "t", runId: "r", messages: [], state: null }, "state", /other than null/],
    ["null metadata", { threadId: "t", runId: "r", messages: [{ id: "x", role: "system", content: "", metadata: null }] }, "messages[0].metadata", /metadata object/],
    ["tool without description", { threadId: "t", runId: "r", messages: [], tools: [{ name: "f" }] }, "tools[0].description", /required/],
    ["context value number", { threadId: "t", runId: "r", messages: [], context: [{ description: "d", value: 1 }] }, "context[0].value", /string/],
    ["resume status", { threadId: "t", runId: "r", messages: [], resume: [{ interruptId: "i", status: "done" }] }, "resume[0].status", /"resolved" or "cancelled"/],
    ["non-JSON in state", { threadId: "t", runId: "r", messages: [], state: { when: new Date(0) } }, "state.when", /JSON value/],
    ["NaN in forwardedProps", { threadId: "t", runId: "r", messages: [], forwardedProps: { n: Number.NaN } }, "forwardedProps.n", /non-finite/],
    ["odd key in a path", { threadId: "t", runId: "r", messages: [], state: { "a b": 1n } }, 'state["a b"]', /JSON value/],
    ["unknown top-level member", { threadId: "t", runId: "r", messages: [], extra: true }, "extra", /closed/],
  ])("%s is rejected at its path", (_name, value, path, message) => {
    const error = problemOf(value);
    expect(error.path).toBe(path);
    expect(error.code).toBe("invalid_input");
    expect(error.message).toMatch(message);
    expect(error.message).not.toMatch(/TypeError|undefined is not|Cannot read/);
  });

  it("rejects nesting deeper than the limit without recursing into it", () => {
    let deep: unknown = [];
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const error = problemOf({ threadId: "t", runId: "r", messages: [], state: deep });
    expect(error.problem).toMatch(/deeper than 64/);
    expect(error.path.startsWith("state[0]")).toBe(true);
    expect(problemOf({ threadId: "t", runId: "r", messages: [], state: [[[[1]]]] }, { maxDepth: 4 }).path).toBe("state[0][0][0]");
    expect(() => parseRunAgentInput({ threadId: "t", runId: "r", messages: [], state: [[[1]]] }, { maxDepth: 4 })).not.toThrow();
    // a cycle is caught by the same limit
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(problemOf({ threadId: "t", runId: "r", messages: [], state: cyclic }).problem).toMatch(/deeper/);
  });

  it("conversationOnly checks what a converter reads and lets the ids be absent", () => {
    expect(() => parseRunAgentInput({ messages: [] }, { conversationOnly: true })).not.toThrow();
    expect(problemOf({ messages: [1] }, { conversationOnly: true }).path).toBe("messages[0]");
    expect(problemOf({}, { conversationOnly: true }).path).toBe("messages");
  });

  it("conversationOnly lets unknown roles and part types through (converters warn and drop them) and ignores what converters never read; a full check rejects them", () => {
    const input = {
      messages: [
        { id: "u", role: "user", content: [{ type: "text", text: "hi" }, { type: "hologram", data: { x: 1 } }] },
        { id: "n", role: "narrator", content: "aside" },
      ],
      state: null,
      forwardedProps: null,
    };
    expect(() => parseRunAgentInput(input, { conversationOnly: true })).not.toThrow();
    expect(problemOf({ threadId: "t", runId: "r", ...input, state: undefined, forwardedProps: undefined }).path).toBe("messages[0].content[1].type");
    expect(problemOf({ threadId: "t", runId: "r", messages: [{ id: "n", role: "narrator", content: "aside" }] }).path).toBe("messages[0].role");
    // An unknown kind is still JSON and still bounded in depth.
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(problemOf({ messages: [{ id: "n", role: "narrator", content: deep }] }, { conversationOnly: true }).problem).toMatch(/deeper/);
    // Known kinds keep their closed shape.
    expect(problemOf({ messages: [{ id: "u", role: "user", content: "x", extra: 1 }] }, { conversationOnly: true }).path).toBe("messages[0].extra");
  });

  it("providerInputOptions keeps valid input and never echoes invalid input", () => {
    expect(providerInputOptions(valid)).toEqual({ input: valid });
    expect(providerInputOptions({ threadId: "t", runId: 5, messages: "x" })).toEqual({ echoInput: false, threadId: "t" });
    expect(providerInputOptions(null)).toEqual({ echoInput: false });
  });
  it("never repeats a value of the input: enum and discriminator errors name the path and what was expected; path keys are redacted and cut", () => {
    const secret = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz";
    const cases: Array<[unknown, string]> = [
      [{ threadId: "t", runId: "r", messages: [], resume: [{ interruptId: "i", status: `approved ${secret}` }] }, "resume[0].status"],
      [{ threadId: "t", runId: "r", messages: [{ id: "x", role: `bot ${secret}`, content: "" }] }, "messages[0].role"],
      [{ threadId: "t", runId: "r", messages: [{ id: "x", role: "user", content: [{ type: `hologram ${secret}` }] }] }, "messages[0].content[0].type"],
      [{ threadId: "t", runId: "r", messages: [{ id: "x", role: "assistant", toolCalls: [{ id: "c", type: `approved`, function: { name: "f", arguments: "" } }] }] }, "messages[0].toolCalls[0].type"],
    ];
    for (const [value, path] of cases) {
      const error = problemOf(value);
      expect(error.path).toBe(path);
      expect(error.message).toMatch(/expected .*"/);
      expect(error.message).toMatch(/got another string/);
      expect(error.message).not.toMatch(/approved|bot|hologram|sk-ant/);
    }
    // Member names are request content too: a credential-looking one is redacted, a long one cut.
    const keyed = problemOf({ threadId: "t", runId: "r", messages: [], [secret]: 1 });
    expect(keyed.path).toBe('["[redacted]"]');
    expect(keyed.message).not.toContain("sk-ant");
    const long = "k".repeat(500);
    const cut = problemOf({ threadId: "t", runId: "r", messages: [], state: { [long]: Number.NaN } });
    expect(cut.path).toBe(`state["${"k".repeat(32)}…"]`);
    expect(cut.message.length).toBeLessThan(120);
    const auth = problemOf({ threadId: "t", runId: "r", messages: [], forwardedProps: { "authorization=Bearer abcdefghijkl": 1n } });
    expect(auth.path).toBe('forwardedProps["[redacted]"]');
  });
});
