/**
 * Part order across a turn that mixes text with code execution (and reasoning): the stream hangs
 * each tool call under the text message it follows (text after a call opens a new assistant
 * message; a reasoning message in between starts a new one too), so the folded conversation — and
 * the next request built from it — keeps the parts in the order Gemini sent them.
 */
import { createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { streamGenerateContent, toGenerateContentRequest } from "../src/index.js";
import { collect, ofType } from "./support/collect.js";

type Rec = Record<string, unknown>;
const chunk = (parts: unknown[], extra: Rec = {}): unknown => ({
  candidates: [{ content: { role: "model", parts }, index: 0, ...extra }],
  modelVersion: "gemini-2.5-pro",
  responseId: "r1",
});
const code = (source: string): unknown => ({ executableCode: { language: "PYTHON", code: source } });
const result = (output: string): unknown => ({ codeExecutionResult: { outcome: "OUTCOME_OK", output } });

async function run(chunks: unknown[]): Promise<{ events: Event[]; parts: unknown[] }> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds() }));
  const messages = (await assertConformant(events)) as Message[];
  const { params, warnings } = toGenerateContentRequest({ messages: [{ id: "u", role: "user", content: "Compute" }, ...messages] });
  expect(warnings).toEqual([]);
  const model = params.contents.filter((c) => c.role === "model");
  expect(model).toHaveLength(1);
  return { events, parts: model[0]?.parts ?? [] };
}

describe("Gemini parts go back in the order they came", () => {
  it("text, code, result, text, code, result, text", async () => {
    const streamed = [
      { text: "Let me compute." },
      code("print(1+1)"),
      result("2\n"),
      { text: "Now squared." },
      code("print(2**2)"),
      result("4\n"),
      { text: "Done: 4." },
    ];
    const { events, parts } = await run([...streamed.map((part) => chunk([part])), chunk([], { finishReason: "STOP" })]);
    expect(parts).toEqual(streamed);
    // Each call hangs under the text message it follows.
    const texts = ofType(events, "TEXT_MESSAGE_START").map((e) => e.messageId);
    expect(ofType(events, "TOOL_CALL_START").map((e) => e.parentMessageId)).toEqual([texts[0], texts[1]]);
  });

  it("code first, then text, then code: the second call after the text", async () => {
    const streamed = [code("x = 1"), result(""), { text: "Set x." }, code("print(x)"), result("1\n")];
    const { parts } = await run([chunk(streamed.slice(0, 2)), chunk(streamed.slice(2)), chunk([{ text: "" }], { finishReason: "STOP" })]);
    expect(parts).toEqual(streamed);
  });

  it("text, code, result, a thought, code, result: the second call after the thought", async () => {
    const streamed = [{ text: "First run." }, code("a()"), result("ok\n"), { text: "Check the output.", thought: true }, code("b()"), result("ok\n")];
    const { parts } = await run([...streamed.map((part) => chunk([part])), chunk([], { finishReason: "STOP" })]);
    expect(parts).toEqual(streamed);
  });

  it("code run while thinking (thought: true), text, code under a mid-response STOP, result, text: order and thought marks kept", async () => {
    const streamed = [
      { executableCode: { language: "PYTHON", code: "print(6*7)" }, thought: true },
      { codeExecutionResult: { outcome: "OUTCOME_OK", output: "42\n" }, thought: true },
      { text: "Here is the calculation:\n" },
      code("print(6*7)"),
      result("42\n"),
      { text: "The result is 42." },
    ];
    const chunks = streamed.map((part, i) => chunk([part], i === 3 || i === 5 ? { finishReason: "STOP" } : {}));
    const { events, parts } = await run(chunks);
    expect(parts).toEqual(streamed);
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", metadata: { "agui-bridge": { finishReason: "stop" } } });
  });

  it("text then parallel function calls still share one assistant message", async () => {
    async function* source(): AsyncGenerator<unknown> {
      yield chunk([{ text: "Checking both." }, { functionCall: { name: "weather", args: { city: "Paris" } } }, { functionCall: { name: "weather", args: { city: "Rome" } } }], { finishReason: "STOP" });
    }
    const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds() }));
    const messages = (await assertConformant(events)) as Message[];
    const text = ofType(events, "TEXT_MESSAGE_START")[0]?.messageId;
    expect(ofType(events, "TOOL_CALL_START").map((e) => e.parentMessageId)).toEqual([text, text]);
    expect(messages.filter((m) => m.role === "assistant")).toHaveLength(1);
  });
});
