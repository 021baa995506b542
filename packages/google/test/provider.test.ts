import { createSequentialIds, type Event, type RunAgentInput } from "@agui-bridge/core/adapter";
import { assertConformant } from "@agui-bridge/conformance";
import type { GenerateContentParameters } from "@google/genai";
import { describe, expect, it } from "vitest";
import { createGoogleProvider } from "../src/index.js";
import { collect } from "./support/collect.js";
import { readSse, sdkStream } from "./support/sdk-sse.js";

const input: RunAgentInput = {
  threadId: "thread-1",
  runId: "run-1",
  messages: [
    { id: "s", role: "system", content: "Be brief." },
    { id: "u", role: "user", content: "Hi" },
  ],
  tools: [{ name: "f", description: "F", parameters: { type: "object" } }],
};

describe("createGoogleProvider", () => {
  it("sends the converted request with the run's abort signal and maps the stream", async () => {
    const calls: GenerateContentParameters[] = [];
    const provider = createGoogleProvider({
      client: {
        models: {
          generateContentStream: async (params) => {
            calls.push(params);
            return sdkStream(readSse("text"));
          },
        },
      },
      model: "gemini-2.5-flash",
      config: { temperature: 0.2, tools: [{ codeExecution: {} }], systemInstruction: "House rules." },
      generateId: createSequentialIds(),
    });
    expect(provider.id).toBe("google");
    const events = await collect(provider.stream(input));
    const messages = await assertConformant(events);
    expect(messages.at(-1)).toMatchObject({ role: "assistant", content: 'Hello, wörld! 👋 "quoted"\n' });
    expect(events[0]).toMatchObject({ type: "RUN_STARTED", threadId: "thread-1", runId: "run-1" });
    const sent = calls[0];
    expect(sent?.model).toBe("gemini-2.5-flash");
    expect(sent?.contents).toEqual([{ role: "user", parts: [{ text: "Hi" }] }]);
    expect(sent?.config?.temperature).toBe(0.2);
    expect(sent?.config?.tools).toEqual([
      { codeExecution: {} },
      { functionDeclarations: [{ name: "f", description: "F", parametersJsonSchema: { type: "object" } }] },
    ]);
    expect(sent?.config?.systemInstruction).toEqual({ parts: [{ text: "House rules." }, { text: "Be brief." }] });
    expect(sent?.config?.abortSignal).toBeInstanceOf(AbortSignal);
  });

  it("a failing request becomes RUN_ERROR with the status as code", async () => {
    const provider = createGoogleProvider({
      retry: false,
      client: {
        models: {
          generateContentStream: async () => {
            throw Object.assign(new Error('{"error":{"code":404,"message":"models/x is not found","status":"NOT_FOUND"}}'), {
              name: "ApiError",
              status: 404,
            });
          },
        },
      },
      model: "x",
    });
    const events = await collect(provider.stream(input));
    await assertConformant(events);
    expect(events.at(-1)).toMatchObject({ type: "RUN_ERROR", code: "404", message: "NOT_FOUND: models/x is not found" });
  });

  it("aborting cancels the run and aborts the request", async () => {
    let requestSignal: AbortSignal | undefined;
    const provider = createGoogleProvider({
      client: {
        models: {
          generateContentStream: async (params) => {
            requestSignal = params.config?.abortSignal;
            return sdkStream(readSse("abort"), { hold: true, ...(requestSignal !== undefined && { signal: requestSignal }) });
          },
        },
      },
      model: "m",
    });
    const controller = new AbortController();
    const events: Event[] = [];
    for await (const event of provider.stream(input, { signal: controller.signal })) {
      events.push(event);
      if (event.type === "TEXT_MESSAGE_CONTENT") controller.abort();
    }
    await assertConformant(events);
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
    expect(requestSignal?.aborted).toBe(true);
  });
});
