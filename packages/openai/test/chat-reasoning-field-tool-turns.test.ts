/**
 * Servers whose assistant message takes the reasoning back in a `reasoning` field, the field
 * they stream it in: GroqCloud (label and dialect `groq`), Ollama's OpenAI-compatible endpoint
 * (label and dialect `ollama`, which turns it into the message's thinking for the model's
 * template) and vLLM (label and dialect `vllm`: its chat parser reads `reasoning` and hands it to
 * the template as `reasoning` and `reasoning_content`; a `reasoning_content` sent in is ignored).
 * llama.cpp's server (labels `llama.cpp`, `llamacpp`, `llama-cpp`, dialect `llamacpp`) takes the
 * same reasoning in `reasoning_content`, the only field its chat parser reads. GroqCloud: reasoning models (gpt-oss, Qwen 3) stream their
 * reasoning as `delta.reasoning`. Groq's assistant message takes the same field back (`reasoning`,
 * in its API schema), and gpt-oss wants a tool-call turn's chain of thought in the next request;
 * Groq refuses `reasoning_content` (400 "'messages.1' : for 'role:assistant' … property
 * 'reasoning_content' is unsupported"), also for a Kimi model it serves. The stream shape: a
 * role chunk with empty content, reasoning fragments, a whole tool call, `tool_calls` with the
 * usage under `x_groq`.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { applyEvents, createSequentialIds, type Event, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { defaultChatDialect, streamChatCompletions, toChatCompletionsRequest, type ChatDialect } from "../src/index.js";

type Rec = Record<string, unknown>;
const chunk = (delta: Rec, finish: string | null = null, extra: Rec = {}): Rec => ({
  id: "chatcmpl-g",
  object: "chat.completion.chunk",
  created: 1,
  model: "openai/gpt-oss-120b",
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  ...extra,
});

async function* iterate(chunks: readonly Rec[]): AsyncGenerator<Rec> {
  for (const c of chunks) yield c;
}

async function fold(messages: Message[], chunks: readonly Rec[], run: string, provider: string): Promise<Message[]> {
  const events: Event[] = [];
  const input = { threadId: "t", runId: run, messages };
  for await (const event of streamChatCompletions(iterate(chunks), { provider, input, generateId: createSequentialIds(run) })) events.push(event);
  await assertConformant(events);
  return applyEvents(messages, events);
}

const toolTurn = [
  chunk({ role: "assistant", content: "" }),
  chunk({ reasoning: "Need the" }),
  chunk({ reasoning: " weather tool." }),
  chunk({ tool_calls: [{ index: 0, id: "fc_1", type: "function", function: { name: "weather", arguments: "{\"city\":\"Oslo\"}" } }] }),
  chunk({}, "tool_calls", { x_groq: { id: "req_1", usage: { prompt_tokens: 20, completion_tokens: 9, total_tokens: 29 } } }),
];
const answerTurn = [chunk({ role: "assistant", content: "" }), chunk({ reasoning: "Report it." }), chunk({ content: "It is 3°C." }), chunk({}, "stop")];

async function conversation(provider = "groq"): Promise<Message[]> {
  let messages: Message[] = [{ id: "u1", role: "user", content: "Weather in Oslo?" }];
  messages = await fold(messages, toolTurn, "r1", provider);
  const call = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : []))[0];
  messages.push({ id: "t1", role: "tool", toolCallId: call?.id ?? "", content: "3°C" });
  messages = await fold(messages, answerTurn, "r2", provider);
  messages.push({ id: "u2", role: "user", content: "And tomorrow?" });
  return messages;
}

function assistants(messages: Message[], model: string, provider = "groq", dialect?: ChatDialect): Rec[] {
  const { params } = toChatCompletionsRequest({ threadId: "t", runId: "r3", messages }, { model, provider, ...(dialect !== undefined && { dialect }) });
  return params.messages.filter((m) => m.role === "assistant") as unknown as Rec[];
}

describe("Groq: a tool-call turn's reasoning goes back as Groq's reasoning field", () => {
  it("the groq label defaults to the groq dialect", () => {
    expect(defaultChatDialect("groq")).toBe("groq");
  });

  it("gpt-oss: the tool-call message carries its reasoning, byte for byte; the answer turn carries none; no reasoning_content anywhere", async () => {
    const sent = assistants(await conversation(), "openai/gpt-oss-120b");
    expect(sent[0]).toEqual({
      role: "assistant",
      content: null,
      reasoning: "Need the weather tool.",
      tool_calls: [{ id: "fc_1", type: "function", function: { name: "weather", arguments: "{\"city\":\"Oslo\"}" } }],
    });
    expect(sent[1]).toEqual({ role: "assistant", content: "It is 3°C." });
  });

  it("a Kimi model on Groq gets Groq's field, never reasoning_content (Groq refuses it)", async () => {
    const sent = assistants(await conversation(), "moonshotai/kimi-k2-instruct-0905");
    expect(sent[0]).toMatchObject({ reasoning: "Need the weather tool.", tool_calls: [{ id: "fc_1" }] });
    for (const message of sent) expect(message).not.toHaveProperty("reasoning_content");
  });

  it("reasoning recorded under another label does not go to Groq", async () => {
    const messages = await conversation();
    const relabelled = messages.map((m) => (m.role === "reasoning" ? { ...m, metadata: { "agui-bridge": { ...(m.metadata as Rec)["agui-bridge"] as Rec, provider: "vllm" } } } : m));
    for (const message of assistants(relabelled, "openai/gpt-oss-120b")) expect(message).not.toHaveProperty("reasoning");
  });
});

describe("Ollama's OpenAI-compatible endpoint: the same rule (its reasoning field is the message's thinking)", () => {
  it("the ollama label defaults to the ollama dialect; the tool-call message carries its reasoning, the answer none", async () => {
    expect(defaultChatDialect("ollama")).toBe("ollama");
    const sent = assistants(await conversation("ollama"), "gpt-oss:20b", "ollama");
    expect(sent[0]).toMatchObject({ role: "assistant", reasoning: "Need the weather tool.", tool_calls: [{ id: "fc_1" }] });
    expect(sent[1]).toEqual({ role: "assistant", content: "It is 3°C." });
  });

  it("dialect: \"openai\" still sends no reasoning", async () => {
    for (const message of assistants(await conversation("ollama"), "gpt-oss:20b", "ollama", "openai")) expect(message).not.toHaveProperty("reasoning");
  });
});

describe("vLLM: the same rule; a Kimi model there gets reasoning, which vLLM reads (it ignores reasoning_content)", () => {
  it("the vllm label defaults to the vllm dialect; Kimi-K2 thinking's tool-call turn carries reasoning, never reasoning_content", async () => {
    expect(defaultChatDialect("vllm")).toBe("vllm");
    const sent = assistants(await conversation("vllm"), "moonshotai/Kimi-K2-Thinking", "vllm");
    expect(sent[0]).toMatchObject({ reasoning: "Need the weather tool.", tool_calls: [{ id: "fc_1" }] });
    for (const message of sent) expect(message).not.toHaveProperty("reasoning_content");
  });
});

describe("llama.cpp: the same rule, in reasoning_content (the field its chat parser reads)", () => {
  it("the llama.cpp labels default to the llamacpp dialect; the tool-call message carries reasoning_content, the answer none", async () => {
    for (const label of ["llama.cpp", "llamacpp", "llama-cpp"]) expect(defaultChatDialect(label)).toBe("llamacpp");
    const sent = assistants(await conversation("llama.cpp"), "gpt-oss-20b", "llama.cpp");
    expect(sent[0]).toMatchObject({ reasoning_content: "Need the weather tool.", tool_calls: [{ id: "fc_1" }] });
    expect(sent[0]).not.toHaveProperty("reasoning");
    expect(sent[1]).toEqual({ role: "assistant", content: "It is 3°C." });
  });
});
