import { assertConformant, collectDeltas, reasoningOf, textOf } from "@agui-bridge/conformance";
import { createSequentialIds, readBridgeMetadata, type Event, type Message } from "@agui-bridge/core/adapter";
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";
import { sharedSuiteTitle } from "../../../test-fixtures/support/shared-streams.js";
import { streamChatCompletions, toChatCompletionsRequest } from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";
import { errorFrameOf, expectedFromRawChat, labelOf, listRawChatStreams } from "./support/raw-chat-streams.js";
import { sdkChatChunks } from "./support/sdk-replay.js";

type Rec = Record<string, unknown>;

/** Runs a raw recording through the real SDK and the adapter, keeping the chunks the SDK produced. */
async function replayRaw(file: string) {
  const label = labelOf(basename(file));
  const chunks: unknown[] = [];
  async function* tee(): AsyncGenerator<unknown> {
    for await (const chunk of sdkChatChunks(new Uint8Array(readFileSync(file)))) {
      chunks.push(structuredClone(chunk));
      yield chunk;
    }
  }
  const events = await collect(streamChatCompletions(tee(), { provider: label, generateId: createSequentialIds("id") }));
  const messages = (await assertConformant(events)) as Message[];
  return { label, events, messages, expected: expectedFromRawChat(chunks, label), chunks };
}

function encryptedEvents(events: readonly Event[]): Array<{ subtype: string; entityId: string; encryptedValue: string }> {
  return ofType(events, "REASONING_ENCRYPTED_VALUE").map((e) => ({ subtype: e.subtype, entityId: e.entityId, encryptedValue: e.encryptedValue }));
}

describe(`raw SSE of OpenAI-compatible servers: ${sharedSuiteTitle("openai-chat")}`, () => {
  const files = listRawChatStreams();
  it.each(files.map((file) => [basename(file), file]))("%s: conformant, conserved, usage per the rule, encrypted values placed", async (_name, file) => {
    const { label, events, messages, expected } = await replayRaw(file);
    const end = last(events);
    const failure = errorFrameOf(new Uint8Array(readFileSync(file)));
    if (failure !== undefined) {
      // An error frame (see errorFrameOf): the run fails with its message, what came before it kept.
      expect(end).toMatchObject({ type: "RUN_ERROR" });
      expect(String((end as { message?: unknown }).message)).toContain(String(failure.message));
      expect(textOf(events as never)).toBe(expected.text);
      expect(reasoningOf(events as never)).toBe(expected.reasoning);
      expect(collectDeltas(events as never).toolArgs).toEqual(expected.args);
      return;
    }
    expect(end.type).toBe("RUN_FINISHED");
    // Conservation: every text, reasoning and argument fragment, byte for byte.
    expect(textOf(events as never)).toBe(expected.text);
    expect(reasoningOf(events as never)).toBe(expected.reasoning);
    expect(collectDeltas(events as never).toolArgs).toEqual(expected.args);
    expect(ofType(events, "TOOL_CALL_START").map((e) => e.toolCallId)).toEqual(expected.toolCallIds);
    // Usage per the documented rule; total = input + output; provider = the label.
    expect((end as { usage?: unknown }).usage).toEqual(expected.usage);
    for (const entry of (end as { usage?: Rec[] }).usage ?? []) expect(entry.totalTokens).toBe((entry.inputTokens as number) + (entry.outputTokens as number));
    // Every entity carries the label.
    for (const start of [...ofType(events, "TEXT_MESSAGE_START"), ...ofType(events, "REASONING_MESSAGE_START"), ...ofType(events, "TOOL_CALL_START")]) {
      expect(readBridgeMetadata(start.metadata)?.provider).toBe(label);
    }
    // Encrypted values: on the tool call an entry's id names, else on a reasoning message; each exactly once.
    const placed = encryptedEvents(events);
    const opaque = expected.details.flatMap((d) => (typeof d.data === "string" ? [d] : typeof d.signature === "string" && d.signature !== "" ? [d] : []));
    expect(placed).toHaveLength(opaque.length + expected.opaque.length);
    const reasoningIds = new Set(messages.filter((m) => m.role === "reasoning").map((m) => m.id));
    for (const entry of opaque) {
      const value = (entry.data ?? entry.signature) as string;
      const event = placed.find((p) => p.encryptedValue === value);
      const namesCall = entry.type === "reasoning.encrypted" && expected.toolCallIds.includes(String(entry.id));
      expect(event, `${String(entry.type)} ${String(entry.id)}`).toMatchObject(namesCall ? { subtype: "tool-call", entityId: entry.id } : { subtype: "message" });
      if (!namesCall) expect(reasoningIds.has(event!.entityId)).toBe(true);
      const holder = namesCall
        ? messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : [])).find((c) => c.id === entry.id)
        : messages.find((m) => m.id === event!.entityId);
      expect((holder as { encryptedValue?: string } | undefined)?.encryptedValue).toBe(value);
    }
    // Copilot's reasoning_opaque: on a reasoning message, as streamed.
    for (const value of expected.opaque) {
      const event = placed.find((p) => p.encryptedValue === value);
      expect(event).toMatchObject({ subtype: "message" });
      expect(reasoningIds.has(event!.entityId)).toBe(true);
      expect((messages.find((m) => m.id === event!.entityId) as { encryptedValue?: string } | undefined)?.encryptedValue).toBe(value);
    }
    // Gateway cost fields ride on the terminal event, per model call.
    const costs = readBridgeMetadata(end.metadata)?.costs as Rec[] | undefined;
    if (expected.costs.length === 0) expect(costs).toBeUndefined();
    else expect(costs?.map((c) => ({ callId: c.callId, cost: c.cost, costInUsdTicks: c.costInUsdTicks, estimatedCost: c.estimatedCost }))).toEqual(expected.costs);
    // Token log probabilities on the END of the text (and of the refusal), entries in order.
    const refusalIds = new Set(ofType(events, "TEXT_MESSAGE_START").filter((e) => readBridgeMetadata(e.metadata)?.refusal === true).map((e) => e.messageId));
    const endLogprobs = (refusal: boolean) =>
      ofType(events, "TEXT_MESSAGE_END")
        .filter((e) => refusalIds.has(e.messageId) === refusal)
        .flatMap((e) => (readBridgeMetadata(e.metadata)?.logprobs as Rec[] | undefined) ?? []);
    expect(endLogprobs(false)).toEqual(expected.logprobs);
    expect(endLogprobs(true)).toEqual(expected.refusalLogprobs);
    // Chunk-level citations on the text's END; with no text, on the terminal event's `sources`.
    if (expected.citations !== undefined) {
      const textEnd = ofType(events, "TEXT_MESSAGE_END")[0];
      const fields = textEnd !== undefined ? readBridgeMetadata(textEnd.metadata) : (readBridgeMetadata(end.metadata)?.sources as Rec[] | undefined)?.[0];
      expect(fields?.citations).toEqual(expected.citations);
      expect(fields?.searchResults).toEqual(expected.searchResults);
    }
  });

  it.skipIf(files.length === 0)("the numbers the issue names: xAI output 340 (reasoning beside completion), Magistral's thinking and answer", async () => {
    const xai = await replayRaw(files.find((f) => basename(f).startsWith("xai_"))!);
    expect(last(xai.events)).toMatchObject({ usage: [{ provider: "xai", inputTokens: 288, cachedInputTokens: 287, outputTokens: 340, reasoningTokens: 313, totalTokens: 628 }] });
    const magistral = await replayRaw(files.find((f) => basename(f).startsWith("magistral_"))!);
    expect(magistral.messages.map((m) => m.role)).toEqual(["reasoning", "assistant"]);
    expect(magistral.messages[1]).toMatchObject({ content: "The answer is 4." });
    expect(last(magistral.events)).toMatchObject({ usage: [{ provider: "mistral", inputTokens: 74, cachedInputTokens: 64, outputTokens: 142, totalTokens: 216 }] });
  });
});

describe(`round trips over the raw recordings: ${sharedSuiteTitle("openai-chat")}`, () => {
  const files = listRawChatStreams();
  const byPrefix = (prefix: string) => files.filter((f) => basename(f).startsWith(prefix));

  it.each([...byPrefix("openrouter_"), ...byPrefix("vercel_")].map((f) => [basename(f), f]))(
    "%s → defaultApplyEvents → the next request carries reasoning_details exactly as streamed",
    async (_name, file) => {
      const { label, events, messages: streamed, expected } = await replayRaw(file);
      // A recording that is only an error frame streams no turn: nothing to send back, the run failed.
      if (streamed.length === 0 && errorFrameOf(new Uint8Array(readFileSync(file))) !== undefined) {
        expect(last(events).type).toBe("RUN_ERROR");
        return;
      }
      // The next request, as an application sends it: the streamed turn plus its tool results.
      const calls = streamed.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []));
      const messages = [...streamed, ...calls.map((call, i) => ({ id: `result-${i}`, role: "tool" as const, toolCallId: call.id, content: "ok" }))];
      const warnings: string[] = [];
      const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "m", provider: label, onWarning: (w) => warnings.push(w.code) });
      const assistant = (params.messages as unknown as Rec[]).filter((m) => m.role === "assistant");
      expect(assistant).toHaveLength(1);
      // OpenRouter's own call ids can pass OpenAI's 40 characters (Gemini's `tool_<name>_<20>`) and it
      // forwards ids to OpenAI unchanged, so such a call goes mapped; a `reasoning_details` entry
      // naming it (a Gemini thought signature) follows it to the new id (fit-chat-tool-calls).
      const sentIds = ((assistant[0]!.tool_calls ?? []) as Rec[]).map((call) => call.id);
      const renamed = new Map(calls.map((call, i) => [call.id, sentIds[i]]));
      const relinked = expected.details.map((entry) => {
        const id = (entry as Rec).id;
        return typeof id === "string" && renamed.has(id) ? { ...(entry as Rec), id: renamed.get(id) } : entry;
      });
      expect(assistant[0]!.reasoning_details).toEqual(expected.details.length > 0 ? relinked : undefined);
      const long = calls.some((call) => call.id.length > 40);
      expect(warnings).toEqual(long ? calls.filter((call) => call.id.length > 40).map(() => "request.tool-call-id-mapped") : []);
      // Under another label the same values never leave.
      const other = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "m", provider: "openai" });
      expect(JSON.stringify(other.params)).not.toContain("reasoning_details");
    },
  );

  it.each(byPrefix("deepseek_").map((f) => [basename(f), f]))("%s → a tool turn carries its reasoning_content, an answer does not", async (_name, file) => {
    const { messages, expected } = await replayRaw(file);
    const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "deepseek-v4-flash", provider: "deepseek" });
    const assistant = (params.messages as unknown as Rec[]).filter((m) => m.role === "assistant");
    expect(assistant).toHaveLength(1);
    // Every call of the turn, in order (a turn may hold several).
    if (expected.toolCallIds.length > 0) expect(assistant[0]).toMatchObject({ reasoning_content: expected.reasoning, tool_calls: expected.toolCallIds.map((id) => expect.objectContaining({ id })) });
    // A turn that ended in an answer: DeepSeek's thinking-mode guide has earlier turns' reasoning
    // sent back only for tool calls (the dialect's rule, chat-dialect.ts), so none goes.
    else expect(assistant[0]).not.toHaveProperty("reasoning_content");
    // OpenAI's dialect sends neither field.
    const plain = toChatCompletionsRequest({ threadId: "t", runId: "r", messages }, { model: "m", provider: "deepseek", dialect: "openai" });
    expect(JSON.stringify(plain.params)).not.toMatch(/reasoning_content|reasoning_details/);
  });
});
