import { afterEach, describe, expect, it } from "vitest";
import { renderTurn, startMockProvider, type MockFormat, type MockProvider } from "../src/index.js";

let mock: MockProvider | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const post = (url: string, body: unknown) => fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** The JSON payloads of an SSE body (the `data:` lines, `[DONE]` left out). */
const payloads = (sse: string): Array<Record<string, unknown>> =>
  sse
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);

describe("scripted multi-turn mode", () => {
  it("answers request N with body N, whatever the endpoint, and 404 past the end", async () => {
    mock = await startMockProvider({ script: ["data: raw-0\n\n", { text: "second" }] });
    const first = await post(`${mock.url}/v1/messages`, { model: "claude", stream: true });
    expect(await first.text()).toBe("data: raw-0\n\n");
    const second = await post(`${mock.baseUrls.openai}/chat/completions`, { model: "gpt", stream: true });
    const chunks = payloads(await second.text());
    expect(chunks.map((c) => JSON.stringify(c)).join("")).toContain('"content":"second"');
    const third = await post(`${mock.url}/v1/messages`, { model: "claude", stream: true });
    expect(third.status).toBe(404);
    expect(((await third.json()) as { error: { message: string } }).error.message).toBe("mock provider: request 2 is past the end of the script (2 entries)");
    expect(mock.requests.map((r) => r.format)).toEqual(["anthropic", "openai-chat", "anthropic"]);
  });

  it("renders text, tool calls and usage in each API's wire format", () => {
    const turn = { text: "hi", calls: [{ id: "c1", name: "f", args: { a: 1 } }], usage: { input: 7, output: 3 } };
    const expectations: Record<MockFormat, (events: Array<Record<string, unknown>>, raw: string) => void> = {
      "openai-chat": (events, raw) => {
        expect(raw).toContain('"finish_reason":"tool_calls"');
        expect(raw).toContain('"arguments":"{\\"a\\":1}"');
        expect(events.at(-1)).toMatchObject({ usage: { prompt_tokens: 7, completion_tokens: 3 } });
      },
      "openai-responses": (events) => {
        expect(events.map((e) => e.type)).toContain("response.function_call_arguments.done");
        expect(events.at(-1)).toMatchObject({ type: "response.completed", response: { usage: { input_tokens: 7, output_tokens: 3 } } });
      },
      anthropic: (events) => {
        expect(events.find((e) => e.type === "content_block_start" && (e.content_block as { type: string }).type === "tool_use")).toMatchObject({ content_block: { id: "c1", name: "f" } });
        expect(events.find((e) => e.type === "message_delta")).toMatchObject({ delta: { stop_reason: "tool_use" } });
        expect(events.at(-1)).toMatchObject({ type: "message_stop" });
      },
      google: (events) => {
        expect(events[0]).toMatchObject({ candidates: [{ content: { parts: [{ text: "hi" }, { functionCall: { name: "f", args: { a: 1 } } }] }, finishReason: "STOP" }], usageMetadata: { promptTokenCount: 7 } });
      },
    };
    for (const [format, check] of Object.entries(expectations) as Array<[MockFormat, (typeof expectations)[MockFormat]]>) {
      const raw = renderTurn(format, turn, 0);
      check(payloads(raw), raw);
    }
  });

  it("shapes each event as the API does (recorded streams in /work/shared/provider-streams)", () => {
    const turn = { text: "hi", calls: [{ id: "c1", name: "f", args: { a: 1 } }], usage: { input: 7, output: 3 } };
    // Responses: response.created, then response.in_progress, each with the whole envelope, the request's fields echoed.
    const responses = payloads(renderTurn("openai-responses", turn, 0, { model: "gpt-5-mini", instructions: "Be brief.", store: false }));
    expect(responses.slice(0, 2).map((e) => [e.type, e.sequence_number])).toEqual([["response.created", 0], ["response.in_progress", 1]]);
    expect(responses[1]).toMatchObject({ response: { status: "in_progress", instructions: "Be brief.", store: false, tools: [], truncation: "disabled", parallel_tool_calls: true, usage: null, metadata: {} } });
    expect(responses.at(-1)).toMatchObject({ type: "response.completed", response: { status: "completed", instructions: "Be brief.", text: { format: { type: "text" } } } });
    // Anthropic: message_start's usage holds cache counts and the service tier; message_delta's the prompt count again.
    const anthropic = payloads(renderTurn("anthropic", turn, 0));
    expect((anthropic[0]?.message as { usage: unknown }).usage).toEqual({
      input_tokens: 7,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      output_tokens: 1,
      service_tier: "standard",
    });
    expect(anthropic.find((e) => e.type === "message_delta")?.usage).toEqual({ input_tokens: 7, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 3 });
    // Chat Completions: the first delta has refusal null, every choice logprobs null, the usage chunk its details.
    const chat = payloads(renderTurn("openai-chat", turn, 0));
    expect(chat[0]).toMatchObject({ service_tier: "default", system_fingerprint: expect.any(String) as unknown, choices: [{ delta: { role: "assistant", content: "", refusal: null }, logprobs: null }] });
    expect(chat.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } } });
    // Gemini: a functionCall has no id (the API sends none); usage names the prompt's modality.
    const google = payloads(renderTurn("google", turn, 0));
    const parts = (google[0]?.candidates as Array<{ content: { parts: Array<Record<string, unknown>> } }>)[0]?.content.parts;
    expect(parts?.[1]).toEqual({ functionCall: { name: "f", args: { a: 1 } } });
    expect(google[0]?.usageMetadata).toMatchObject({ promptTokensDetails: [{ modality: "TEXT", tokenCount: 7 }] });
  });
});

describe("a scripted turn's thinking, in each API's own form", () => {
  const turn = { thinking: "Weather needs the tool.", text: "Checking.", calls: [{ id: "call_1", name: "weather", args: { city: "Paris" } }] };

  it("Anthropic: a signed thinking block first, then the text and the call", () => {
    const events = payloads(renderTurn("anthropic", turn, 3));
    const starts = events.filter((e) => e.type === "content_block_start").map((e) => (e.content_block as { type: string }).type);
    expect(starts).toEqual(["thinking", "text", "tool_use"]);
    const deltas = events.filter((e) => e.type === "content_block_delta" && e.index === 0).map((e) => e.delta);
    expect(deltas).toEqual([{ type: "thinking_delta", thinking: turn.thinking }, { type: "signature_delta", signature: "EqScript3Signature" }]);
  });

  it("Responses: a reasoning item with its summary and encrypted content before the message", () => {
    const done = payloads(renderTurn("openai-responses", turn, 3)).filter((e) => e.type === "response.output_item.done").map((e) => e.item as Record<string, unknown>);
    expect(done.map((item) => item.type)).toEqual(["reasoning", "message", "function_call"]);
    expect(done[0]).toEqual({ id: "rs_script_3", type: "reasoning", summary: [{ type: "summary_text", text: turn.thinking }], encrypted_content: "gAAAA_script_3" });
  });

  it("Chat: reasoning_content before the content", () => {
    const deltas = payloads(renderTurn("openai-chat", turn, 3)).flatMap((c) => (c.choices as Array<{ delta: Record<string, unknown> }>).map((choice) => choice.delta));
    expect(deltas.findIndex((d) => d.reasoning_content === turn.thinking)).toBeLessThan(deltas.findIndex((d) => d.content === "Checking."));
  });

  it("Gemini: a thought part, and the signature on the first function call (on the last part without one)", () => {
    const parts = (body: string) => ((payloads(body)[0]?.candidates as Array<{ content: { parts: unknown[] } }>)[0]?.content.parts ?? []);
    expect(parts(renderTurn("google", turn, 3))).toEqual([{ text: turn.thinking, thought: true }, { text: "Checking." }, { functionCall: { name: "weather", args: { city: "Paris" } }, thoughtSignature: "c2NyaXB03" }]);
    expect(parts(renderTurn("google", { thinking: "Hm.", text: "Hi." }, 4))).toEqual([{ text: "Hm.", thought: true }, { text: "Hi.", thoughtSignature: "c2NyaXB04" }]);
  });
});
