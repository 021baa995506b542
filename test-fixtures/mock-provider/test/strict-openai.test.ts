/**
 * Strict mode's OpenAI request rules added for multi-turn exchanges: each request is answered 200
 * without strict mode and with the API's own error (status, message, `param`, `code`) with it, and
 * the well-formed neighbour of each passes.
 */
import { describe, expect, it } from "vitest";
import { answerOnce as answer, post, startTextMock } from "./strict-answers.js";

const CHAT = "/v1/chat/completions";
const RESPONSES = "/v1/responses";
const openAiError = (message: string, param: string | null, code: string | null) => ({ error: { message, type: "invalid_request_error", param, code } });

/** Refused in strict mode with exactly `error` (and `status`), taken without it. */
async function expectRefused(path: string, body: unknown, error: unknown, status = 400): Promise<void> {
  expect((await answer(false, path, body)).status).toBe(200);
  expect(await answer(true, path, body)).toEqual({ status, body: error });
}

const user = { role: "user", content: "hi" };
const call = (id = "call_1", extra: Record<string, unknown> = {}) => ({ id, type: "function", function: { name: "lookup", arguments: "{}" }, ...extra });
const tool = (id = "call_1") => ({ role: "tool", tool_call_id: id, content: "ok" });
const chat = (messages: unknown[]) => ({ model: "gpt-4o", stream: true, messages });

describe("strict OpenAI Chat: message and tool-call fields", () => {
  it("a tool message without tool_call_id (MadcowD/ell#325)", async () => {
    await expectRefused(CHAT, chat([user, { role: "assistant", tool_calls: [call()] }, { role: "tool", content: "ok" }]), openAiError("Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'.", "messages.[2].tool_call_id", null));
  });

  it("an assistant message with neither content nor tool_calls (null or left out); with either it passes", async () => {
    const refused = openAiError("Invalid value for 'content': expected a string, got null.", "messages.[1].content", null);
    await expectRefused(CHAT, chat([user, { role: "assistant", content: null }, user]), refused);
    await expectRefused(CHAT, chat([user, { role: "assistant" }, user]), refused);
    expect((await answer(true, CHAT, chat([user, { role: "assistant", content: null, tool_calls: [call()] }, tool(), user]))).status).toBe(200);
    expect((await answer(true, CHAT, chat([user, { role: "assistant", content: "" }, user]))).status).toBe(200);
  });

  it("an empty tool_calls array (openai/openai-node#1341)", async () => {
    await expectRefused(CHAT, chat([user, { role: "assistant", content: "x", tool_calls: [] }, user]), openAiError("Invalid 'messages[1].tool_calls': empty array. Expected an array with minimum length 1, but got an empty array instead.", "messages[1].tool_calls", "empty_array"));
  });

  it.each<[string, Record<string, unknown>, string]>([
    ["id", { function: { name: "lookup", arguments: "{}" }, type: "function" }, "messages[1].tool_calls[0].id"],
    ["type", { id: "call_1", function: { name: "lookup", arguments: "{}" } }, "messages[1].tool_calls[0].type"],
    ["function", { id: "call_1", type: "function" }, "messages[1].tool_calls[0].function"],
    ["function.name", { id: "call_1", type: "function", function: { arguments: "{}" } }, "messages[1].tool_calls[0].function.name"],
    ["function.arguments", { id: "call_1", type: "function", function: { name: "lookup" } }, "messages[1].tool_calls[0].function.arguments"],
  ])("a tool call without %s", async (_, toolCall, param) => {
    await expectRefused(CHAT, chat([user, { role: "assistant", tool_calls: [toolCall] }, tool()]), openAiError(`Missing required parameter: '${param}'.`, param, "missing_required_parameter"));
  });

  it("a tool call with an empty function name (continuedev/continue#9784)", async () => {
    await expectRefused(CHAT, chat([user, { role: "assistant", tool_calls: [call("call_1", { function: { name: "", arguments: "{}" } })] }, tool()]), openAiError("Invalid 'messages[1].tool_calls[0].function.name': empty string. Expected a string with minimum length 1, but got an empty string instead.", "messages[1].tool_calls[0].function.name", "empty_string"));
  });

  it("an image_url part outside a user message (openai/openai-node#1030); in a user message it passes", async () => {
    const image = { type: "image_url", image_url: { url: "https://example.com/cat.png" } };
    await expectRefused(CHAT, chat([user, { role: "assistant", content: [image] }, user]), openAiError("Invalid 'messages[1]'. Image URLs are only allowed for messages with role 'user', but this message with role 'assistant' contains an image URL.", "messages[1]", null));
    await expectRefused(CHAT, chat([user, { role: "assistant", tool_calls: [call()] }, { role: "tool", tool_call_id: "call_1", content: [image] }]), openAiError("Invalid 'messages[2]'. Image URLs are only allowed for messages with role 'user', but this message with role 'tool' contains an image URL.", "messages[2]", null));
    expect((await answer(true, CHAT, chat([{ role: "user", content: [{ type: "text", text: "what is it?" }, image] }]))).status).toBe(200);
  });
});

const responses = (input: unknown[], extra: Record<string, unknown> = {}) => ({ model: "gpt-5", stream: true, input, ...extra });
const ask = { role: "user", content: "hi" };
const fnCall = (extra: Record<string, unknown> = {}) => ({ type: "function_call", call_id: "call_1", name: "lookup", arguments: "{}", ...extra });
const fnOutput = (extra: Record<string, unknown> = {}) => ({ type: "function_call_output", call_id: "call_1", output: "ok", ...extra });
const reasoning = (extra: Record<string, unknown> = {}) => ({ type: "reasoning", id: "rs_1", summary: [], ...extra });
const said = (extra: Record<string, unknown> = {}) => ({ type: "message", role: "assistant", id: "msg_1", content: [{ type: "output_text", text: "hello", annotations: [] }], ...extra });

describe("strict OpenAI Responses: input items", () => {
  it.each<[string, string]>([
    ["call_id", "input[1].call_id"],
    ["name", "input[1].name"],
    ["arguments", "input[1].arguments"],
  ])("a function_call without %s", async (field, param) => {
    const partial: Record<string, unknown> = fnCall();
    delete partial[field];
    await expectRefused(RESPONSES, responses([ask, partial, fnOutput()]), openAiError(`Missing required parameter: '${param}'.`, param, "missing_required_parameter"));
  });

  it("a function_call_output without output, or with an empty call_id (BigPizzaV3/CodexPlusPlus#315)", async () => {
    const { output: _, ...noOutput } = fnOutput();
    await expectRefused(RESPONSES, responses([ask, fnCall(), noOutput]), openAiError("Missing required parameter: 'input[2].output'.", "input[2].output", "missing_required_parameter"));
    await expectRefused(RESPONSES, responses([ask, fnCall({ call_id: "" }), fnOutput({ call_id: "" })]), openAiError("Invalid 'input[1].call_id': empty string. Expected a string with minimum length 1, but got an empty string instead.", "input[1].call_id", "empty_string"));
  });

  it("a function_call_output list holding an output part (linanwx/nagobot#27); input parts pass", async () => {
    await expectRefused(RESPONSES, responses([ask, fnCall(), fnOutput({ output: [{ type: "input_text", text: "a" }, { type: "output_text", text: "b" }] })]), openAiError("Invalid value: 'output_text'. Supported values are: 'input_text', 'input_image', 'input_file', and 'scoped_content'.", "input[2].output[1]", "invalid_value"));
    const parts = [{ type: "input_text", text: "a" }, { type: "input_image", image_url: "https://example.com/a.png" }, { type: "input_file", file_id: "file_1" }];
    expect((await answer(true, RESPONSES, responses([ask, fnCall(), fnOutput({ output: parts })]))).status).toBe(200);
  });

  it("an assistant message with an input part, typed or not (openai/openai-java#302); output_text, refusal and text content pass", async () => {
    const refused = openAiError("Invalid value: 'input_text'. Supported values are: 'output_text' and 'refusal'.", "input[1].content[0]", "invalid_value");
    await expectRefused(RESPONSES, responses([ask, { role: "assistant", content: [{ type: "input_text", text: "hello" }] }, ask]), refused);
    await expectRefused(RESPONSES, responses([ask, said({ content: [{ type: "input_text", text: "hello" }] }), ask]), refused);
    const fine = [ask, said({ content: [{ type: "output_text", text: "a", annotations: [] }, { type: "refusal", refusal: "no" }] }), { role: "assistant", content: "plain" }, ask];
    expect((await answer(true, RESPONSES, responses(fine))).status).toBe(200);
  });

  it("two items with one id (continuedev/continue#10200)", async () => {
    await expectRefused(RESPONSES, responses([ask, said(), ask, said({ content: [{ type: "output_text", text: "again", annotations: [] }] }), ask]), openAiError("Duplicate item found with id msg_1. Remove duplicate items from your input and try again.", "input", null));
  });
});

describe("strict OpenAI Responses: reasoning items", () => {
  const refused = openAiError("Item 'rs_1' of type 'reasoning' was provided without its required following item.", "input", null);

  it("a reasoning item last in the input, or before a user message or a tool output (continuedev/continue#8933, openclaw/openclaw#1158)", async () => {
    await expectRefused(RESPONSES, responses([ask, said(), reasoning()]), refused);
    await expectRefused(RESPONSES, responses([ask, reasoning(), ask]), refused);
    await expectRefused(RESPONSES, responses([ask, fnCall(), reasoning(), fnOutput()]), refused);
  });

  it("a reasoning item followed by its message or function call passes", async () => {
    expect((await answer(true, RESPONSES, responses([ask, reasoning(), said(), ask]))).status).toBe(200);
    expect((await answer(true, RESPONSES, responses([ask, reasoning(), fnCall({ id: "fc_1" }), fnOutput()]))).status).toBe(200);
  });

  it("store false: a reasoning item sent by id without encrypted_content is the API's 404 (vercel/ai#7543); with it, or with store on, it passes", async () => {
    const body = responses([ask, reasoning({ encrypted_content: null }), said(), ask], { store: false });
    await expectRefused(RESPONSES, body, openAiError("Item with id 'rs_1' not found. Items are not persisted when `store` is set to false. Try again with `store` set to true, or remove this item from your input.", "input", null), 404);
    const recorded = await startTextMock(true);
    try {
      await post(recorded, RESPONSES, body);
      expect(recorded.requests[0]?.rejected).toMatch(/^Item with id 'rs_1' not found/);
    } finally {
      await recorded.close();
    }
    expect((await answer(true, RESPONSES, responses([ask, reasoning({ encrypted_content: "gAAAA" }), said(), ask], { store: false }))).status).toBe(200);
    expect((await answer(true, RESPONSES, responses([ask, reasoning(), said(), ask]))).status).toBe(200);
  });
});

describe("strict OpenAI Responses: a model without reasoning", () => {
  it.each(["gpt-4.1", "gpt-4o-mini", "gpt-5-chat-latest", "ft:gpt-4o-mini-2024-07-18:org::abc"])("%s refuses reasoning items and the encrypted-content include", async (model) => {
    const withReasoning = responses([ask, reasoning({ encrypted_content: "gAAAA" }), said(), ask], { model });
    await expectRefused(
      RESPONSES,
      withReasoning,
      openAiError("Reasoning input items can only be provided to a reasoning or computer use model. Remove reasoning items from your input and try again.", null, null),
    );
    await expectRefused(RESPONSES, responses([ask], { model, include: ["reasoning.encrypted_content"] }), openAiError("Encrypted content is not supported with this model.", "include", null));
    expect((await answer(true, RESPONSES, responses([ask, said({ id: undefined }), ask], { model, include: ["file_search_call.results"] }))).status).toBe(200);
  });

  it("a reasoning model, or a name that hides the model, takes both", async () => {
    for (const model of ["gpt-5", "o4-mini", "my-deployment"]) {
      expect((await answer(true, RESPONSES, responses([ask, reasoning({ encrypted_content: "gAAAA" }), said(), ask], { model, include: ["reasoning.encrypted_content"] }))).status).toBe(200);
    }
  });
});
