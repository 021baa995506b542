/**
 * The factory's `client` option is structural ({@link AnthropicMessagesClient}): the SDK's
 * clients (`Anthropic`, `AnthropicBedrock`, `AnthropicVertex`), a plain object and a client of
 * another installed copy of the SDK (simulated: same shape, its own private fields) all fit without
 * a cast. The `expectTypeOf` lines are checked by the package's `tsc --noEmit`; the runs check
 * that what fits also works, on the SDK path and on the raw-bytes path.
 */
import { AnthropicBedrock } from "@anthropic-ai/bedrock-sdk";
import Anthropic from "@anthropic-ai/sdk";
import type { MessageCreateParamsStreaming } from "@anthropic-ai/sdk/resources/messages";
import { AnthropicVertex } from "@anthropic-ai/vertex-sdk";
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import { listSource } from "@agui-bridge/test-support";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createAnthropicProvider, type AnthropicMessagesClient, type AnthropicProviderOptions } from "../src/index.js";
import { collect } from "./support/replay.js";

const input: RunAgentInput = { threadId: "t", runId: "r", messages: [{ id: "u", role: "user", content: "Hi" }] };
const KEY = "sk-ant-structural-client-1234567890";

const chunks: Array<Record<string, unknown>> = [
  { type: "message_start", message: { id: "msg_1", model: "m", content: [], usage: { input_tokens: 3, output_tokens: 1 } } },
  { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "from a copy" } },
  { type: "content_block_stop", index: 0 },
  { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 2 } },
  { type: "message_stop" },
];

/** The SSE body the server would have sent for {@link chunks}. */
function sseResponse(): Response {
  const frames = chunks.map((chunk) => `event: ${String(chunk.type)}\ndata: ${JSON.stringify(chunk)}\n\n`).join("");
  return new Response(frames, { headers: { "content-type": "text/event-stream" } });
}

/** Another copy's `APIPromise`: a promise with `asResponse()`, and private state of its own. */
class OtherCopyPromise implements PromiseLike<AsyncIterable<unknown>> {
  readonly #copy = "other";
  then<A = AsyncIterable<unknown>, B = never>(
    onfulfilled?: ((value: AsyncIterable<unknown>) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): PromiseLike<A | B> {
    return Promise.resolve(listSource(chunks)).then(onfulfilled, onrejected);
  }
  asResponse(): Promise<Response> {
    return Promise.resolve(sseResponse());
  }
  get copy(): string {
    return this.#copy;
  }
}

/** Another copy's `Messages` resource: the same `create`, a private field of its own. */
class OtherCopyMessages {
  readonly #sent: MessageCreateParamsStreaming[];
  constructor(sent: MessageCreateParamsStreaming[]) {
    this.#sent = sent;
  }
  create(body: MessageCreateParamsStreaming, options?: { signal?: AbortSignal | null; maxRetries?: number; timeout?: number }): OtherCopyPromise {
    expect(options?.maxRetries).toBe(0);
    this.#sent.push(body);
    return new OtherCopyPromise();
  }
}

/** A client of another installed copy of `@anthropic-ai/sdk` (its own `#private` members). */
class OtherCopyAnthropic {
  readonly #copy = "other";
  readonly apiKey = KEY;
  readonly sent: MessageCreateParamsStreaming[] = [];
  readonly messages = new OtherCopyMessages(this.sent);
  get copy(): string {
    return this.#copy;
  }
}

function textOf(events: readonly Event[]): string {
  return events.flatMap((event) => (event.type === "TEXT_MESSAGE_CONTENT" ? [event.delta] : [])).join("");
}

describe("client option type (compile time, checked by tsc)", () => {
  it("the SDK's clients fit it: Anthropic, AnthropicBedrock, AnthropicVertex", () => {
    expectTypeOf<Anthropic>().toExtend<AnthropicMessagesClient>();
    expectTypeOf<AnthropicBedrock>().toExtend<AnthropicProviderOptions["client"]>();
    expectTypeOf<AnthropicVertex>().toExtend<AnthropicProviderOptions["client"]>();
  });

  it("another copy's client fits the structural type, not the SDK class (the case that needed a cast)", () => {
    expectTypeOf<OtherCopyAnthropic>().toExtend<AnthropicMessagesClient>();
    expectTypeOf<OtherCopyAnthropic>().not.toExtend<Pick<Anthropic, "messages">>();
  });
});

describe("structurally compatible clients run without a cast", () => {
  it("real Anthropic and AnthropicBedrock clients are accepted and pass check()", () => {
    const anthropic = new Anthropic({ apiKey: KEY, maxRetries: 0 });
    const bedrock = new AnthropicBedrock({ awsRegion: "us-east-1", awsAccessKey: "AKIAFAKEMOCKKEY00000", awsSecretKey: "fakeSecretAccessKeyForTheMockOnly1234567", maxRetries: 0 });
    for (const client of [anthropic, bedrock]) {
      expect(createAnthropicProvider({ client, model: "m", maxTokens: 16 }).check?.()).toEqual({ ok: true, problems: [] });
    }
  });

  it("a plain object literal: streaming body in, its events mapped", async () => {
    const sent: Array<{ stream: boolean; signal: boolean }> = [];
    const client: AnthropicMessagesClient = {
      messages: { create: async (body, options) => (sent.push({ stream: body.stream, signal: options?.signal instanceof AbortSignal }), listSource(chunks)) },
    };
    const events = await collect(createAnthropicProvider({ client, model: "m", maxTokens: 16 }).stream(input));
    await assertConformant(events);
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
    expect(textOf(events)).toBe("from a copy");
    expect(sent).toEqual([{ stream: true, signal: true }]);
  });

  for (const fast of [false, true]) {
    it(`another copy's client (${fast ? "raw-bytes path, its asResponse()" : "SDK path"}): same run as a plain client`, async () => {
      const other = new OtherCopyAnthropic();
      const events = await collect(createAnthropicProvider({ client: other, model: "m", maxTokens: 16, fast, generateId: createSequentialIds("id") }).stream(input));
      const plain = await collect(
        createAnthropicProvider({ client: { messages: { create: async () => listSource(chunks) } }, model: "m", maxTokens: 16, generateId: createSequentialIds("id") }).stream(input),
      );
      await assertConformant(events);
      expect(events.at(-1)?.type).toBe("RUN_FINISHED");
      expect(textOf(events)).toBe("from a copy");
      expect(events).toEqual(plain);
      expect(other.sent.map((body) => [body.model, body.max_tokens, body.stream])).toEqual([["m", 16, true]]);
    });
  }
});
