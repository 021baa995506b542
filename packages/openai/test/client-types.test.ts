/**
 * The factories' `client` options are structural ({@link OpenAIChatClient},
 * {@link OpenAIResponsesClient}): the real SDK clients, a plain object and a client of another
 * installed copy of `openai` (simulated: same shape, its own private fields) all fit without a
 * cast. The `expectTypeOf` lines are checked by the package's `tsc --noEmit`; the runs check that
 * what fits also works, on the SDK path and on the raw-bytes path.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import { listSource } from "@agui-bridge/test-support";
import OpenAI, { AzureOpenAI } from "openai";
import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import type { ResponseCreateParamsStreaming } from "openai/resources/responses/responses";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  createOpenAIChatProvider,
  createOpenAIResponsesProvider,
  type OpenAIChatClient,
  type OpenAIChatProviderOptions,
  type OpenAIRequestOptions,
  type OpenAIResponsesClient,
  type OpenAIResponsesProviderOptions,
} from "../src/index.js";
import { collect, last, ofType } from "./support/collect.js";

const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Hi" }] };
const KEY = "sk-structural-client-1234567890";

const chatChunks: unknown[] = [
  { id: "c1", model: "m", choices: [{ index: 0, delta: { role: "assistant", content: "from a copy" }, finish_reason: null }] },
  { id: "c1", model: "m", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
  { id: "c1", model: "m", choices: [], usage: { prompt_tokens: 3, completion_tokens: 2 } },
];
const responsesChunks: unknown[] = [
  { type: "response.created", response: { id: "r1", model: "m", status: "in_progress" } },
  { type: "response.output_item.added", output_index: 0, item: { type: "message", id: "msg_1", role: "assistant", content: [] } },
  { type: "response.output_text.delta", item_id: "msg_1", output_index: 0, content_index: 0, delta: "from a copy" },
  { type: "response.output_item.done", output_index: 0, item: { type: "message", id: "msg_1", role: "assistant", content: [{ type: "output_text", text: "from a copy", annotations: [] }] } },
  { type: "response.completed", response: { id: "r1", model: "m", status: "completed", usage: { input_tokens: 3, output_tokens: 2 } } },
];

/** The SSE body the server would have sent for `chunks` (Chat ends with `[DONE]`). */
function sseResponse(chunks: readonly unknown[], done: boolean): Response {
  const frames = chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join("");
  return new Response(frames + (done ? "data: [DONE]\n\n" : ""), { headers: { "content-type": "text/event-stream" } });
}

/** Another copy's `APIPromise`: a promise with `asResponse()`, and private state of its own. */
class OtherCopyPromise implements PromiseLike<AsyncIterable<unknown>> {
  readonly #chunks: readonly unknown[];
  readonly #done: boolean;
  constructor(chunks: readonly unknown[], done: boolean) {
    this.#chunks = chunks;
    this.#done = done;
  }
  then<A = AsyncIterable<unknown>, B = never>(
    onfulfilled?: ((value: AsyncIterable<unknown>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): PromiseLike<A | B> {
    return Promise.resolve(listSource([...this.#chunks])).then(onfulfilled, onrejected);
  }
  asResponse(): Promise<Response> {
    return Promise.resolve(sseResponse(this.#chunks, this.#done));
  }
}

/** Another copy's resources: same methods, private fields the adapter's copy cannot name. */
class OtherCopyCompletions {
  readonly #sent: ChatCompletionCreateParamsStreaming[];
  constructor(sent: ChatCompletionCreateParamsStreaming[]) {
    this.#sent = sent;
  }
  create(params: ChatCompletionCreateParamsStreaming, options?: { signal?: AbortSignal | null; maxRetries?: number; timeout?: number }): OtherCopyPromise {
    expect(options?.maxRetries).toBe(0);
    this.#sent.push(params);
    return new OtherCopyPromise(chatChunks, true);
  }
}
class OtherCopyResponses {
  readonly #sent: ResponseCreateParamsStreaming[];
  constructor(sent: ResponseCreateParamsStreaming[]) {
    this.#sent = sent;
  }
  create(params: ResponseCreateParamsStreaming, options?: { signal?: AbortSignal | null; maxRetries?: number }): OtherCopyPromise {
    expect(options?.maxRetries).toBe(0);
    this.#sent.push(params);
    return new OtherCopyPromise(responsesChunks, false);
  }
}
/** A client of another installed copy of `openai` (same version, its own `#private` members). */
class OtherCopyOpenAI {
  readonly #copy = "other";
  readonly apiKey = KEY;
  readonly chatSent: ChatCompletionCreateParamsStreaming[] = [];
  readonly responsesSent: ResponseCreateParamsStreaming[] = [];
  readonly chat = { completions: new OtherCopyCompletions(this.chatSent) };
  readonly responses = new OtherCopyResponses(this.responsesSent);
  get copy(): string {
    return this.#copy;
  }
}

function textOf(events: readonly Event[]): string {
  return ofType(events, "TEXT_MESSAGE_CONTENT").map((event) => event.delta).join("");
}

describe("client option types (compile time, checked by tsc)", () => {
  it("the SDK's clients fit both option types", () => {
    expectTypeOf<OpenAI>().toExtend<OpenAIChatClient>();
    expectTypeOf<OpenAI>().toExtend<OpenAIResponsesClient>();
    expectTypeOf<AzureOpenAI>().toExtend<OpenAIChatProviderOptions["client"]>();
    expectTypeOf<AzureOpenAI>().toExtend<OpenAIResponsesProviderOptions["client"]>();
    // The options the provider passes are ones the SDK's `create` accepts.
    expectTypeOf<OpenAIRequestOptions>().toExtend<NonNullable<Parameters<OpenAI["chat"]["completions"]["create"]>[1]>>();
  });

  it("another copy's client fits the structural types, not the SDK class (the case that needed a cast)", () => {
    expectTypeOf<OtherCopyOpenAI>().toExtend<OpenAIChatClient>();
    expectTypeOf<OtherCopyOpenAI>().toExtend<OpenAIResponsesClient>();
    expectTypeOf<OtherCopyOpenAI>().not.toExtend<Pick<OpenAI, "chat">>();
    expectTypeOf<OtherCopyOpenAI>().not.toExtend<Pick<OpenAI, "responses">>();
  });
});

describe("structurally compatible clients run without a cast", () => {
  it("real OpenAI and AzureOpenAI clients are accepted and pass check()", () => {
    const openai = new OpenAI({ apiKey: KEY, maxRetries: 0 });
    const azure = new AzureOpenAI({ apiKey: KEY, endpoint: "https://example.openai.azure.com", apiVersion: "2024-10-21", maxRetries: 0 });
    for (const client of [openai, azure]) {
      expect(createOpenAIChatProvider({ client, model: "m" }).check?.()).toEqual({ ok: true, problems: [] });
      expect(createOpenAIResponsesProvider({ client, model: "m" }).check?.()).toEqual({ ok: true, problems: [] });
    }
  });

  it("a plain object literal: streaming params in, its chunks mapped", async () => {
    const sent: Array<{ stream: boolean; signal: boolean }> = [];
    const chatClient: OpenAIChatClient = {
      chat: { completions: { create: async (params, options) => (sent.push({ stream: params.stream, signal: options?.signal instanceof AbortSignal }), listSource(chatChunks)) } },
    };
    const responsesClient: OpenAIResponsesClient = {
      responses: { create: async (params, options) => (sent.push({ stream: params.stream, signal: options?.signal instanceof AbortSignal }), listSource(responsesChunks)) },
    };
    const chat = await collect(createOpenAIChatProvider({ client: chatClient, model: "m" }).stream(input));
    const responses = await collect(createOpenAIResponsesProvider({ client: responsesClient, model: "m" }).stream(input));
    for (const events of [chat, responses]) {
      await assertConformant(events);
      expect(last(events).type).toBe("RUN_FINISHED");
      expect(textOf(events)).toBe("from a copy");
    }
    expect(sent).toEqual([{ stream: true, signal: true }, { stream: true, signal: true }]);
  });

  for (const fast of [false, true]) {
    it(`another copy's client (${fast ? "raw-bytes path, its asResponse()" : "SDK path"}): same run as a plain client`, async () => {
      const other = new OtherCopyOpenAI();
      const ids = () => createSequentialIds("id");
      const chat = await collect(createOpenAIChatProvider({ client: other, model: "m", fast, generateId: ids() }).stream(input));
      const responses = await collect(createOpenAIResponsesProvider({ client: other, model: "m", fast, generateId: ids() }).stream(input));
      const plainChat = await collect(createOpenAIChatProvider({ client: { chat: { completions: { create: async () => listSource(chatChunks) } } }, model: "m", generateId: ids() }).stream(input));
      for (const events of [chat, responses]) {
        await assertConformant(events);
        expect(last(events).type).toBe("RUN_FINISHED");
        expect(textOf(events)).toBe("from a copy");
      }
      expect(chat).toEqual(plainChat);
      expect(other.chatSent.map((params) => params.stream)).toEqual([true]);
      expect(other.responsesSent.map((params) => params.model)).toEqual(["m"]);
    });
  }

  it("fast: true with a client whose create() has no asResponse(): RUN_ERROR naming it, not an exception", async () => {
    const bare: OpenAIChatClient = { chat: { completions: { create: async () => listSource(chatChunks) } } };
    const events = await collect(createOpenAIChatProvider({ client: bare, model: "m", fast: true, retry: false }).stream(input));
    await assertConformant(events);
    expect(last(events)).toMatchObject({ type: "RUN_ERROR" });
    expect((last(events) as { message: string }).message).toContain("asResponse");
  });
});
