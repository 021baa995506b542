/**
 * Multi-turn requests as the Gemini API accepted them. Each case streams the earlier turns'
 * responses through our mapper (conformance-checked), folds the events with core's `applyEvents`
 * the way a client does, appends the next user message or tool results, and compares the next
 * request's `contents` with the body a real exchange sent and the API accepted (shapes checked
 * against pydantic-ai's recorded Gemini cassettes and the thought-signature guide; values are our
 * own). What differs from a recording on purpose: signatures go back exactly as received (pydantic
 * re-encodes them URL-safe), calls Gemini sent without an id go back without one, and placeholder
 * signatures are set only in the current turn (the only one Gemini 3 validates).
 */
import { applyEvents, createSequentialIds, type Message } from "@agui-bridge/core/adapter";
import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { streamGenerateContent, toGenerateContentRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;
const chunk = (responseId: string, parts: unknown[], finishReason?: string): unknown => ({
  candidates: [{ content: { role: "model", parts }, index: 0, ...(finishReason !== undefined && { finishReason }) }],
  modelVersion: "gemini-3-flash-preview",
  responseId,
});
const tools = [{ name: "get_weather", description: "Weather of a city", parameters: { type: "object", properties: { city: { type: "string" } } } }];

/** One model turn: `chunks` streamed with `messages` as the run's input, folded onto them. */
async function turn(messages: Message[], chunks: unknown[]): Promise<Message[]> {
  async function* source(): AsyncGenerator<unknown> {
    yield* chunks;
  }
  const input = { threadId: "t", runId: `run-${messages.length}`, messages, tools, context: [], state: {}, forwardedProps: {} };
  const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds(`m${messages.length}-`), input }));
  await assertConformant(events);
  return applyEvents(messages, events);
}

/** Tool results for the calls of the conversation's last assistant messages, in call order. */
function answer(messages: Message[], outputs: string[]): Message[] {
  const answered = new Set(messages.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : [])));
  const open = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : [])).filter((call) => !answered.has(call.id));
  expect(open).toHaveLength(outputs.length);
  return [...messages, ...open.map((call, i): Message => ({ id: `tool-${call.id}`, role: "tool", toolCallId: call.id, content: outputs[i] ?? "" }))];
}

function request(messages: Message[]): Rec[] {
  const { params, warnings } = toGenerateContentRequest({ messages, tools });
  expect(warnings).toEqual([]);
  return params.contents as Rec[];
}

const user = (id: string, text: string): Message => ({ id, role: "user", content: text });
const bridge = (entity: { metadata?: unknown } | undefined): Rec => ((entity?.metadata as Rec | undefined)?.["agui-bridge"] ?? {}) as Rec;

describe("multi-turn Gemini requests match accepted ones", () => {
  it("a signed call whose stream ends with an empty text part: the call goes back signed, the empty part not at all (pydantic-ai streaming_tool_call_thought_signature)", async () => {
    const first = user("u1", "What is the capital of the user country? Call the tool");
    let messages = await turn([first], [
      chunk("r1", [{ functionCall: { name: "get_weather", args: {} }, thoughtSignature: "c2lnLWNhbGw=" }]),
      chunk("r1", [{ text: "" }], "STOP"),
    ]);
    messages = answer(messages, ['{"return_value":"Mexico"}']);
    expect(request(messages)).toEqual([
      { role: "user", parts: [{ text: first.content }] },
      { role: "model", parts: [{ functionCall: { name: "get_weather", args: {} }, thoughtSignature: "c2lnLWNhbGw=" }] },
      { role: "user", parts: [{ functionResponse: { name: "get_weather", response: { return_value: "Mexico" } } }] },
    ]);
  });

  it("three steps of one turn, parallel calls, a server numbering call ids per response: each signature on its part, ids echoed, responses in call order, no placeholder on the unsigned parallel call", async () => {
    let messages = await turn([user("u1", "Weather in Paris and Rome, then Oslo?")], [
      chunk("r1", [{ text: "Checking both.", thought: true }]),
      chunk("r1", [{ functionCall: { id: "call_0", name: "get_weather", args: { city: "Paris" } }, thoughtSignature: "c2lnLTE=" }]),
      chunk("r1", [{ functionCall: { id: "call_1", name: "get_weather", args: { city: "Rome" } } }], "STOP"),
    ]);
    messages = answer(messages, ['{"sky":"sunny"}', '{"sky":"rain"}']);
    messages = await turn(messages, [chunk("r2", [{ functionCall: { id: "call_0", name: "get_weather", args: { city: "Oslo" } }, thoughtSignature: "c2lnLTI=" }], "STOP")]);
    messages = answer(messages, ['{"sky":"snow"}']);
    messages = await turn(messages, [chunk("r3", [{ text: "Sunny, rain, snow." }]), chunk("r3", [{ text: "", thoughtSignature: "c2lnLTM=" }], "STOP")]);
    messages = [...messages, user("u2", "Thanks")];
    const call = (id: string, city: string): Rec => ({ functionCall: { id, name: "get_weather", args: { city } } });
    const response = (id: string, sky: string): Rec => ({ functionResponse: { id, name: "get_weather", response: { sky } } });
    expect(request(messages)).toEqual([
      { role: "user", parts: [{ text: "Weather in Paris and Rome, then Oslo?" }] },
      { role: "model", parts: [{ text: "Checking both.", thought: true }, { ...call("call_0", "Paris"), thoughtSignature: "c2lnLTE=" }, call("call_1", "Rome")] },
      { role: "user", parts: [response("call_0", "sunny"), response("call_1", "rain")] },
      { role: "model", parts: [{ ...call("call_0", "Oslo"), thoughtSignature: "c2lnLTI=" }] },
      { role: "user", parts: [response("call_0", "snow")] },
      { role: "model", parts: [{ text: "Sunny, rain, snow." }, { text: "", thoughtSignature: "c2lnLTM=" }] },
      { role: "user", parts: [{ text: "Thanks" }] },
    ]);
  });

  it("code execution, then a follow-up question: executableCode, codeExecutionResult and the text go back in order (pydantic-ai code_execution_tool)", async () => {
    const code = "print('Friday')";
    let messages = await turn([user("u1", "What day is today?")], [
      chunk("r1", [{ executableCode: { language: "PYTHON", code } }, { codeExecutionResult: { outcome: "OUTCOME_OK", output: "Friday\n" } }, { text: "Today is Friday." }], "STOP"),
    ]);
    messages = [...messages, user("u2", "And tomorrow?")];
    expect(request(messages)).toEqual([
      { role: "user", parts: [{ text: "What day is today?" }] },
      { role: "model", parts: [{ executableCode: { language: "PYTHON", code } }, { codeExecutionResult: { outcome: "OUTCOME_OK", output: "Friday\n" } }, { text: "Today is Friday." }] },
      { role: "user", parts: [{ text: "And tomorrow?" }] },
    ]);
  });

  it("image generation: the interim thought image, the signed text and the signed final image go back as they came", async () => {
    const image = (data: string): Rec => ({ inlineData: { mimeType: "image/png", data } });
    const parts = [{ text: "Planning the drawing.", thought: true }, { ...image("aW50ZXJpbQ=="), thought: true }, { text: "Here is your cat.", thoughtSignature: "c2lnLXQ=" }, { ...image("ZmluYWw="), thoughtSignature: "c2lnLWk=" }];
    let messages = await turn([user("u1", "Draw a cat")], parts.map((part, i) => chunk("r1", [part], i === parts.length - 1 ? "STOP" : undefined)));
    messages = [...messages, user("u2", "Make it blue")];
    expect(request(messages)).toEqual([
      { role: "user", parts: [{ text: "Draw a cat" }] },
      { role: "model", parts },
      { role: "user", parts: [{ text: "Make it blue" }] },
    ]);
  });

  it("a response with text between its calls, tool results filed beside each call by the client: the response goes back as one model content before all its function responses (no second step, no placeholder)", async () => {
    const first = user("u1", "Paris, and Rome?");
    const folded = await turn([first], [
      chunk("r1", [{ functionCall: { name: "get_weather", args: { city: "Paris" } }, thoughtSignature: "c2lnLTE=" }]),
      chunk("r1", [{ text: "And Rome:" }]),
      chunk("r1", [{ functionCall: { name: "get_weather", args: { city: "Rome" } } }], "STOP"),
    ]);
    const [, paris, rome] = folded as [Message, Extract<Message, { role: "assistant" }>, Extract<Message, { role: "assistant" }>];
    expect([paris.toolCalls?.length, rome.content, rome.toolCalls?.length]).toEqual([1, "And Rome:", 1]);
    // The later message names the earlier one of its response; the first message of a response names none.
    expect([bridge(rome).sameResponseAs, bridge(rome.toolCalls?.[0]).sameResponseAs, bridge(paris).sameResponseAs, bridge(paris.toolCalls?.[0]).sameResponseAs]).toEqual([paris.id, paris.id, undefined, undefined]);
    const result = (call: { id: string } | undefined, sky: string): Message => ({ id: `tool-${call?.id ?? ""}`, role: "tool", toolCallId: call?.id ?? "", content: JSON.stringify({ sky }) });
    // Each result right after the message holding its call, as a UI that keeps results beside calls files them.
    const messages = [first, paris, result(paris.toolCalls?.[0], "sunny"), rome, result(rome.toolCalls?.[0], "rain")];
    const response = (sky: string): Rec => ({ functionResponse: { name: "get_weather", response: { sky } } });
    expect(request(messages)).toEqual([
      { role: "user", parts: [{ text: first.content }] },
      {
        role: "model",
        parts: [
          { functionCall: { name: "get_weather", args: { city: "Paris" } }, thoughtSignature: "c2lnLTE=" },
          { text: "And Rome:" },
          { functionCall: { name: "get_weather", args: { city: "Rome" } } },
        ],
      },
      { role: "user", parts: [response("sunny"), response("rain")] },
    ]);
    // A user message in between: the marker is not followed (that is a new turn, whatever it says).
    const interrupted = [first, paris, result(paris.toolCalls?.[0], "sunny"), user("u2", "Go on"), rome, result(rome.toolCalls?.[0], "rain")];
    expect(request(interrupted).map((content) => content.role)).toEqual(["user", "model", "user", "user", "model", "user"]);
    // A marker naming a message that is not the nearest one before holding calls (an id that
    // collided and was remapped in a later step) is stale: nothing moves.
    const google = { "agui-bridge": { provider: "google" } };
    const nextStep: Message = { id: "step-2", role: "assistant", content: "", metadata: google, toolCalls: [{ id: "c2", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' }, metadata: google }] };
    const stale: Message = { id: "step-2-text", role: "assistant", content: "Done.", metadata: { "agui-bridge": { provider: "google", sameResponseAs: paris.id } } };
    const steps = [first, paris, result(paris.toolCalls?.[0], "sunny"), nextStep, result(nextStep.toolCalls?.[0], "snow"), stale];
    expect(request(steps).map((content) => content.role)).toEqual(["user", "model", "user", "model", "user", "model"]);
  });

  it("another provider's call: in a past turn it goes back unsigned (a tool response and a user text are two user contents, as pydantic-ai's accepted tool_call_id_wire_format request); in the current turn it gets the literal placeholder", () => {
    const foreign = { "agui-bridge": { provider: "openai" } };
    const past: Message[] = [
      user("u1", "What is the answer?"),
      { id: "a1", role: "assistant", content: "", metadata: foreign, toolCalls: [{ id: "call_openai_xyz", type: "function", function: { name: "get_weather", arguments: "{}" }, metadata: foreign }] },
      { id: "t1", role: "tool", toolCallId: "call_openai_xyz", content: '{"return_value":42}' },
    ];
    const functionCall = { name: "get_weather", args: {} };
    const functionResponse = { functionResponse: { name: "get_weather", response: { return_value: 42 } } };
    expect(request([...past, user("u2", "continue")])).toEqual([
      { role: "user", parts: [{ text: "What is the answer?" }] },
      { role: "model", parts: [{ functionCall }] },
      { role: "user", parts: [functionResponse] },
      { role: "user", parts: [{ text: "continue" }] },
    ]);
    // The documented sentinel goes on the wire as the literal string (langchain-google#1972: its
    // base64 encoding is rejected by Gemini 3 as "Thought signature is not valid").
    expect(request(past)[1]).toEqual({ role: "model", parts: [{ functionCall, thoughtSignature: "skip_thought_signature_validator" }] });
  });
});
