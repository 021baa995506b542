/**
 * Multi-turn request rules of the Responses API that the input item types alone do not show
 * (API reference for `include`, `store`, `previous_response_id`; the errors the API answers with
 * are quoted per case). Each conversation is built the way an application gets it: a literal
 * stream → AG-UI events (checked by the conformance kit) → the rebuilt messages.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type BridgeWarning, type Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { streamResponses, toResponsesRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

type Rec = Record<string, unknown>;

async function* from(values: unknown[]): AsyncGenerator<unknown> {
  for (const value of values) yield value;
}

/** One response: a reasoning item (with or without encrypted_content) and a function call. */
function reasoningThenCall(responseId: string, n: number, encrypted: string | undefined, conversation?: string): unknown[] {
  const rs = { type: "reasoning", id: `rs_${n}`, summary: [{ type: "summary_text", text: `Plan ${n}.` }], ...(encrypted !== undefined && { encrypted_content: encrypted }) };
  const fc = { type: "function_call", id: `fc_${n}`, call_id: `call_${n}`, name: "lookup", arguments: `{"q":${n}}`, status: "completed" };
  return [
    { type: "response.created", response: { id: responseId, model: "gpt-5", status: "in_progress", output: [], conversation: conversation === undefined ? null : { id: conversation } } },
    { type: "response.output_item.added", output_index: 0, item: { type: "reasoning", id: `rs_${n}`, summary: [] } },
    { type: "response.output_item.done", output_index: 0, item: rs },
    { type: "response.output_item.added", output_index: 1, item: { ...fc, arguments: "", status: "in_progress" } },
    { type: "response.function_call_arguments.delta", item_id: `fc_${n}`, output_index: 1, delta: fc.arguments },
    { type: "response.output_item.done", output_index: 1, item: fc },
    { type: "response.completed", response: { id: responseId, model: "gpt-5", status: "completed", output: [rs, fc], usage: { input_tokens: 1, output_tokens: 1 } } },
  ];
}

async function turn(history: Message[], stream: unknown[], runId: string): Promise<Message[]> {
  const input = { threadId: "t", runId, messages: history, tools: [], context: [] };
  const events = await collect(streamResponses(from(stream), { input, generateId: createSequentialIds(runId) }));
  return assertConformant(events, { input, initialMessages: history });
}

const toolResult = (n: number): Message => ({ id: `tool-${n}`, role: "tool", toolCallId: `call_${n}`, content: `result ${n}` });

async function twoTurns(encrypted: string | undefined, conversation?: string): Promise<Message[]> {
  let messages: Message[] = [{ id: "u1", role: "user", content: "Look things up." }];
  messages = await turn(messages, reasoningThenCall("resp_1", 1, encrypted === undefined ? undefined : `${encrypted}-1`, conversation), "r1");
  messages = [...messages, toolResult(1)];
  messages = await turn(messages, reasoningThenCall("resp_2", 2, encrypted === undefined ? undefined : `${encrypted}-2`, conversation), "r2");
  return [...messages, toolResult(2)];
}

const request = (messages: Message[], model: string, params: Rec = {}, extra: Rec = {}) => {
  const warnings: BridgeWarning[] = [];
  const { params: built } = toResponsesRequest(
    { threadId: "t", runId: "next", messages },
    { model, params, onWarning: (w) => warnings.push(w), ...extra } as Parameters<typeof toResponsesRequest>[1],
  );
  return { params: built as unknown as Rec, input: built.input as unknown as Rec[], warnings };
};

describe("include: reasoning.encrypted_content only where the model accepts it", () => {
  const messages: Message[] = [{ id: "u1", role: "user", content: "Hi" }];

  // "Encrypted content is not supported with this model." (HTTP 400, param `include`) for the
  // models without reasoning: gpt-4o, gpt-4o-mini, gpt-4.1, gpt-4.1-mini, gpt-5-chat-latest.
  it.each(["gpt-4o", "gpt-4o-mini-2024-07-18", "gpt-4.1", "gpt-4.1-mini", "gpt-4.1-nano-2025-04-14", "gpt-5-chat-latest", "chatgpt-4o-latest", "gpt-4-turbo", "gpt-3.5-turbo", "ft:gpt-4o-mini-2024-07-18:org::abc"])(
    "%s: not requested (the API rejects it), the caller's own include kept",
    (model) => {
      const { params } = request(messages, model, { include: ["file_search_call.results"] });
      expect(params.include).toEqual(["file_search_call.results"]);
    },
  );

  it("no include at all when nothing is left to ask for", () => {
    expect(request(messages, "gpt-4o").params).not.toHaveProperty("include");
  });

  it.each(["gpt-5", "gpt-5-mini-2025-08-07", "gpt-5.1-codex-max", "o4-mini", "o3-2025-04-16", "my-azure-deployment"])("%s: requested", (model) => {
    expect(request(messages, model).params.include).toEqual(["reasoning.encrypted_content"]);
  });

  it("the encryptedReasoning option overrides the model rule both ways", () => {
    expect(request(messages, "my-gpt-4o-deployment", {}, { encryptedReasoning: false }).params).not.toHaveProperty("include");
    expect(request(messages, "gpt-4.1", {}, { encryptedReasoning: true }).params.include).toEqual(["reasoning.encrypted_content"]);
  });
});

describe("a thread a reasoning model started, continued with a model without reasoning", () => {
  // "Reasoning input items can only be provided to a reasoning or computer use model. Remove
  // reasoning items from your input and try again." (HTTP 400 on OpenAI's platforms): a thread
  // switched from gpt-5 to gpt-4.1 must not send its reasoning items back.
  it.each(["gpt-4.1", "gpt-4o-mini", "gpt-5-chat-latest"])("%s: the reasoning items are left out, and the calls they led go without their ids", async (model) => {
    const messages = await twoTurns("ENC");
    const { input, warnings } = request(messages, model);
    expect(input.filter((item) => item.type === "reasoning")).toEqual([]);
    const calls = input.filter((item) => item.type === "function_call");
    expect(calls.map((item) => item.call_id)).toEqual(["call_1", "call_2"]);
    expect(calls.every((item) => item.id === undefined)).toBe(true);
    const dropped = warnings.filter((w) => w.code === "request.reasoning-dropped");
    expect(dropped.map((w) => w.details)).toEqual([
      { messageId: expect.any(String) as unknown, itemId: "rs_1", reason: "model", model },
      { messageId: expect.any(String) as unknown, itemId: "rs_2", reason: "model", model },
    ]);
  });

  it("a reasoning model and a deployment name that hides the model keep them", async () => {
    const messages = await twoTurns("ENC");
    for (const model of ["gpt-5", "o4-mini", "my-deployment"]) expect(request(messages, model).input.filter((item) => item.type === "reasoning")).toHaveLength(2);
  });
});

describe("store: false and reasoning items without encrypted_content", () => {
  it("with store: false a reasoning item without its encrypted_content is not sent (the API cannot look it up)", async () => {
    // "Item with id 'rs_…' not found. Items are not persisted when `store` is set to false."
    const messages = await twoTurns(undefined);
    const { input, warnings } = request(messages, "gpt-5", { store: false });
    expect(input.filter((item) => item.type === "reasoning")).toEqual([]);
    expect(input.filter((item) => item.type === "function_call").map((item) => item.call_id)).toEqual(["call_1", "call_2"]);
    expect(warnings.filter((w) => w.code === "request.reasoning-not-stored").map((w) => w.details?.itemId)).toEqual(["rs_1", "rs_2"]);
  });

  it("with store: false a reasoning item with its encrypted_content is sent whole", async () => {
    const messages = await twoTurns("ENC");
    const { input } = request(messages, "gpt-5", { store: false });
    expect(input.filter((item) => item.type === "reasoning")).toEqual([
      { type: "reasoning", id: "rs_1", summary: [{ type: "summary_text", text: "Plan 1." }], encrypted_content: "ENC-1" },
      { type: "reasoning", id: "rs_2", summary: [{ type: "summary_text", text: "Plan 2." }], encrypted_content: "ENC-2" },
    ]);
  });

  it("with stored responses (the default) the reasoning item goes back by its id", async () => {
    const messages = await twoTurns(undefined);
    const { input } = request(messages, "gpt-5");
    expect(input.filter((item) => item.type === "reasoning").map((item) => item.id)).toEqual(["rs_1", "rs_2"]);
  });
});

describe("items whose reasoning is not sent go back without their ids", () => {
  // "Item 'fc_…' of type 'function_call' was provided without its required 'reasoning' item: 'rs_…'."
  it("the application left the reasoning messages out of the history: the calls keep call_id, lose the item id", async () => {
    const messages = (await twoTurns("ENC")).filter((m) => m.role !== "reasoning");
    const { input } = request(messages, "gpt-5");
    expect(input.filter((item) => item.type === "function_call")).toEqual([
      { type: "function_call", call_id: "call_1", name: "lookup", arguments: '{"q":1}' },
      { type: "function_call", call_id: "call_2", name: "lookup", arguments: '{"q":2}' },
    ]);
  });

  it("reasoning dropped under store: false takes the ids of what followed it too", async () => {
    const { input } = request(await twoTurns(undefined), "gpt-5", { store: false });
    expect(input.filter((item) => item.type === "function_call").map((item) => item.id)).toEqual([undefined, undefined]);
  });

  it("with its reasoning sent, a call keeps its item id", async () => {
    const { input } = request(await twoTurns("ENC"), "gpt-5", { store: false });
    expect(input.filter((item) => item.type === "function_call").map((item) => item.id)).toEqual(["fc_1", "fc_2"]);
  });

  it("a message item after a missing reasoning item becomes an assistant message with its text and phase", async () => {
    const stream = [
      { type: "response.created", response: { id: "resp_m", model: "gpt-5", status: "in_progress", output: [] } },
      { type: "response.output_item.added", output_index: 0, item: { type: "reasoning", id: "rs_m", summary: [] } },
      { type: "response.output_item.done", output_index: 0, item: { type: "reasoning", id: "rs_m", summary: [] } },
      { type: "response.output_item.added", output_index: 1, item: { type: "message", id: "msg_m", role: "assistant", status: "in_progress", content: [], phase: "final_answer" } },
      { type: "response.output_text.delta", item_id: "msg_m", output_index: 1, content_index: 0, delta: "Done." },
      { type: "response.output_item.done", output_index: 1, item: { type: "message", id: "msg_m", role: "assistant", status: "completed", phase: "final_answer", content: [{ type: "output_text", text: "Done.", annotations: [] }] } },
      { type: "response.completed", response: { id: "resp_m", model: "gpt-5", status: "completed", output: [], usage: { input_tokens: 1, output_tokens: 1 } } },
    ];
    const messages = await turn([{ id: "u1", role: "user", content: "Go" }], stream, "rm");
    expect(request(messages, "gpt-5").input.at(-1)).toMatchObject({ type: "message", id: "msg_m" });
    const { input } = request(messages, "gpt-5", { store: false });
    expect(input).toEqual([
      { role: "user", content: "Go" },
      { role: "assistant", content: "Done.", phase: "final_answer" },
    ]);
  });
});

describe("previous_response_id: the chain is not sent again", () => {
  it("only what follows the named response goes in input (its tool outputs, new user messages)", async () => {
    // The chain already holds every earlier input and output item; sending them again repeats
    // them in the model's context ("Duplicate item found with id …" for items with ids).
    const messages = [...(await twoTurns("ENC")), { id: "u2", role: "user", content: "And then?" } as Message];
    const { input } = request(messages, "gpt-5", { previous_response_id: "resp_2" });
    expect(input).toEqual([
      { type: "function_call_output", call_id: "call_2", output: "result 2" },
      { role: "user", content: "And then?" },
    ]);
  });

  it("an earlier response of the conversation: what came after it is sent", async () => {
    const messages = await twoTurns("ENC");
    const { input } = request(messages, "gpt-5", { previous_response_id: "resp_1" });
    expect(input.map((item) => item.type ?? item.role)).toEqual(["function_call_output", "reasoning", "function_call", "function_call_output"]);
    expect(input[0]).toMatchObject({ call_id: "call_1" });
  });

  it("a response id the conversation does not hold: the whole conversation is sent", async () => {
    const messages = await twoTurns("ENC");
    const all = request(messages, "gpt-5").input;
    expect(request(messages, "gpt-5", { previous_response_id: "resp_elsewhere" }).input).toEqual(all);
  });
});

describe("conversation: the conversation's items are not sent again", () => {
  it.each([["an id", "conv_1"], ["an object", { id: "conv_1" }]])("conversation as %s: only the new tool output and user message go in input", async (_how, conversation) => {
    const messages = [...(await twoTurns("ENC", "conv_1")), { id: "u2", role: "user", content: "And then?" } as Message];
    const { input } = request(messages, "gpt-5", { conversation });
    expect(input).toEqual([
      { type: "function_call_output", call_id: "call_2", output: "result 2" },
      { role: "user", content: "And then?" },
    ]);
  });

  it("the conversation id is recorded on what the response streamed", async () => {
    const messages = await twoTurns("ENC", "conv_1");
    const reasoning = messages.find((m) => m.id === "rs_1") as { metadata?: Rec };
    expect((reasoning.metadata?.["agui-bridge"] as Rec).conversationId).toBe("conv_1");
  });

  it("another conversation: every message is sent", async () => {
    const messages = await twoTurns("ENC", "conv_1");
    expect(request(messages, "gpt-5", { conversation: "conv_other" }).input).toEqual(request(messages, "gpt-5").input);
  });
});

describe("the Responses provider factory", () => {
  it("passes encryptedReasoning to the request", async () => {
    const { createOpenAIResponsesProvider } = await import("../src/index.js");
    const bodies: Rec[] = [];
    const client = {
      responses: {
        create: async (params: unknown) => {
          bodies.push(params as Rec);
          return from(reasoningThenCall("resp_1", 1, undefined));
        },
      },
    };
    for (const encryptedReasoning of [false, true]) {
      const provider = createOpenAIResponsesProvider({ client: client as never, model: "gpt-5", encryptedReasoning });
      await assertConformant(await collect(provider.stream({ threadId: "t", runId: "r", messages: [{ id: "u1", role: "user", content: "Hi" }] })));
    }
    expect(bodies.map((body) => body.include)).toEqual([undefined, ["reasoning.encrypted_content"]]);
  });
});

describe("a message item with several output_text parts goes back as those parts", () => {
  it("each part with its own text and annotations (offsets relative to their part)", async () => {
    const a1 = { type: "url_citation", url: "https://a.example", title: "A", start_index: 0, end_index: 3 };
    const b1 = { type: "url_citation", url: "https://b.example", title: "B", start_index: 1, end_index: 4 };
    const stream = [
      { type: "response.created", response: { id: "resp_p", model: "gpt-5", status: "in_progress", output: [] } },
      { type: "response.output_item.added", output_index: 0, item: { type: "message", id: "msg_p", role: "assistant", status: "in_progress", content: [] } },
      { type: "response.content_part.added", item_id: "msg_p", output_index: 0, content_index: 0, part: { type: "output_text", text: "", annotations: [] } },
      { type: "response.output_text.delta", item_id: "msg_p", output_index: 0, content_index: 0, delta: "One." },
      { type: "response.output_text.annotation.added", item_id: "msg_p", output_index: 0, content_index: 0, annotation_index: 0, annotation: a1 },
      { type: "response.content_part.added", item_id: "msg_p", output_index: 0, content_index: 1, part: { type: "output_text", text: "", annotations: [] } },
      { type: "response.output_text.delta", item_id: "msg_p", output_index: 0, content_index: 1, delta: " Two." },
      { type: "response.output_text.annotation.added", item_id: "msg_p", output_index: 0, content_index: 1, annotation_index: 0, annotation: b1 },
      {
        type: "response.output_item.done",
        output_index: 0,
        item: { type: "message", id: "msg_p", role: "assistant", status: "completed", content: [{ type: "output_text", text: "One.", annotations: [a1] }, { type: "output_text", text: " Two.", annotations: [b1] }] },
      },
      { type: "response.completed", response: { id: "resp_p", model: "gpt-5", status: "completed", output: [], usage: { input_tokens: 1, output_tokens: 1 } } },
    ];
    const messages = await turn([{ id: "u1", role: "user", content: "Cite" }], stream, "rp");
    expect(messages.find((m) => m.id === "msg_p")).toMatchObject({ content: "One. Two." });
    const { input } = request(messages, "gpt-5");
    expect(input.at(-1)).toEqual({
      type: "message",
      role: "assistant",
      id: "msg_p",
      status: "completed",
      content: [
        { type: "output_text", text: "One.", annotations: [a1] },
        { type: "output_text", text: " Two.", annotations: [b1] },
      ],
    });
  });
});
