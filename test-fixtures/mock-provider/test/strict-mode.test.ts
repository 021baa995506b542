import { describe, expect, it } from "vitest";
import { answerOnce as answer } from "./strict-answers.js";

const user = (content: unknown) => ({ role: "user", content });
const toolUse = { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "f", input: {} }] };
const toolResult = { type: "tool_result", tool_use_id: "toolu_1", content: "ok" };

describe("strict: the 400s the real APIs answer", () => {
  it.each<[string, Record<string, unknown>, string]>([
    ["max_tokens missing", { model: "m", stream: true, messages: [user("hi")] }, "max_tokens: Field required"],
    ["a system role in messages", { model: "m", max_tokens: 5, stream: true, messages: [{ role: "system", content: "x" }] }, "messages.0.role"],
    ["a tool_use never answered", { model: "m", max_tokens: 5, stream: true, messages: [user("hi"), toolUse, user("next")] }, "without `tool_result` blocks immediately after: toolu_1"],
    ["a tool_result after text", { model: "m", max_tokens: 5, stream: true, messages: [user("hi"), toolUse, user([{ type: "text", text: "here" }, toolResult])] }, "Did not find 1 tool_result block(s) at the beginning"],
    ["a tool_result with no tool_use before it", { model: "m", max_tokens: 5, stream: true, messages: [user([toolResult])] }, "unexpected `tool_use_id`"],
    ["an empty user message", { model: "m", max_tokens: 5, stream: true, messages: [user("")] }, "messages.0: all messages must have non-empty content except for the optional final assistant message"],
    ["an empty assistant message before the last", { model: "m", max_tokens: 5, stream: true, messages: [user("hi"), { role: "assistant", content: [] }, user("again")] }, "messages.1: all messages must have non-empty content"],
    ["an empty text block", { model: "m", max_tokens: 5, stream: true, messages: [user([{ type: "text", text: "" }])] }, "messages: text content blocks must be non-empty"],
    ["a whitespace-only text block", { model: "m", max_tokens: 5, stream: true, messages: [user([{ type: "text", text: " \n" }])] }, "messages: text content blocks must contain non-whitespace text"],
  ])("Anthropic: %s", async (_, body, message) => {
    const lax = await answer(false, "/v1/messages", body);
    expect(lax.status).toBe(200);
    const strict = await answer(true, "/v1/messages", body);
    expect(strict.status).toBe(400);
    expect(strict.body).toMatchObject({ type: "error", error: { type: "invalid_request_error", message: expect.stringContaining(message) as unknown }, request_id: expect.any(String) as unknown });
  });

  const thought = { type: "thinking", thinking: "hm", signature: "sig" };
  const redacted = { type: "redacted_thinking", data: "opaque" };
  const text = { type: "text", text: "ok" };
  const on = { thinking: { type: "enabled", budget_tokens: 1024 } };
  const anthropicBody = (messages: unknown[], extra: Record<string, unknown> = {}) => ({ model: "m", max_tokens: 2048, stream: true, messages, ...extra });

  it.each<[string, Record<string, unknown>, string]>([
    // anthropics/claude-code#20705, lbjlaq/Antigravity-Manager#653 (thinking enabled; any assistant message, not only the last).
    ["thinking on: an assistant message holding thinking that starts with text", anthropicBody([user("hi"), { role: "assistant", content: [text, thought] }, user("go on")], on), "messages.1.content.0: If an assistant message contains any thinking blocks, the first block must be thinking or redacted_thinking. Found text."],
    ["thinking on: redacted thinking after a tool_use", anthropicBody([user("hi"), { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "f", input: {} }, redacted] }, user([toolResult])], { thinking: { type: "adaptive" } }), "messages.1.content.0: If an assistant message contains any thinking blocks, the first block must be thinking or redacted_thinking. Found tool_use."],
    // tailcallhq/forgecode#2107, router-for-me/CLIProxyAPI#5322 (the trailing assistant message only), iii-hq/workers#463 (adaptive thinking).
    ["thinking on: a final assistant message ending with thinking", anthropicBody([user("hi"), { role: "assistant", content: [thought] }], on), "messages.1: The final block in an assistant message cannot be `thinking`."],
  ])("Anthropic: %s", async (_, body, message) => {
    expect((await answer(false, "/v1/messages", body)).status).toBe(200);
    const strict = await answer(true, "/v1/messages", body);
    expect(strict.status).toBe(400);
    expect(strict.body).toMatchObject({ type: "error", error: { type: "invalid_request_error", message } });
  });

  it.each<[string, Record<string, unknown>]>([
    ["thinking on: an earlier assistant message ending with thinking (only the final message is refused)", anthropicBody([user("hi"), { role: "assistant", content: [thought] }, user("again")], on)],
    ["thinking on: a final assistant message starting with thinking, ending with text", anthropicBody([user("hi"), { role: "assistant", content: [thought, redacted, text] }], on)],
    ["thinking on: an assistant message without thinking that starts with text", anthropicBody([user("hi"), { role: "assistant", content: [text] }, user("again")], on)],
    ["thinking off: thinking after text, and a final assistant message ending with thinking", anthropicBody([user("hi"), { role: "assistant", content: [text, thought] }, user("again"), { role: "assistant", content: [thought] }])],
  ])("Anthropic passes %s", async (_, body) => {
    expect((await answer(true, "/v1/messages", body)).status).toBe(200);
  });

  it("Anthropic: tool results split over consecutive user messages pass (the API combines them into one turn)", async () => {
    const twoCalls = { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "f", input: {} }, { type: "tool_use", id: "toolu_2", name: "f", input: {} }] };
    const second = { type: "tool_result", tool_use_id: "toolu_2", content: "ok" };
    const body = { model: "m", max_tokens: 5, stream: true, messages: [user("hi"), twoCalls, user([toolResult]), user([second])] };
    expect((await answer(true, "/v1/messages", body)).status).toBe(200);
  });

  it("Anthropic: a tool_result after text is refused also when the text is a message of its own (combined into the same turn)", async () => {
    const body = { model: "m", max_tokens: 5, stream: true, messages: [user("hi"), toolUse, user("here"), user([toolResult])] };
    const strict = await answer(true, "/v1/messages", body);
    expect(strict.status).toBe(400);
    expect(strict.body).toMatchObject({ error: { message: expect.stringContaining("messages.2: Did not find 1 tool_result block(s) at the beginning") as unknown } });
  });

  it("Anthropic: a valid tool loop (and consecutive user turns, which the API merges) passes", async () => {
    const body = { model: "m", max_tokens: 5, stream: true, messages: [user("hi"), user("again"), toolUse, user([toolResult, { type: "text", text: "go on" }])] };
    expect((await answer(true, "/v1/messages", body)).status).toBe(200);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["a tool message with no call before it", { model: "m", stream: true, messages: [user("hi"), { role: "tool", tool_call_id: "c1", content: "x" }] }, "must be a response to a preceeding message with 'tool_calls'", "messages.[1].role"],
    [
      "a call left unanswered",
      { model: "m", stream: true, messages: [user("hi"), { role: "assistant", tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }] }, user("next")] },
      "did not have response messages: c1",
      "messages.[1].role",
    ],
    ["no messages", { model: "m", stream: true, messages: [] }, "too short", "messages"],
  ])("OpenAI Chat: %s", async (_, body, message, param) => {
    expect((await answer(false, "/v1/chat/completions", body)).status).toBe(200);
    const strict = await answer(true, "/v1/chat/completions", body);
    expect(strict.status).toBe(400);
    expect(strict.body).toEqual({ error: { message: expect.stringContaining(message) as unknown, type: "invalid_request_error", param, code: null } });
  });

  it("OpenAI Chat: no messages at all is missing_required_parameter (the tool-message refusals above really have code null)", async () => {
    const strict = await answer(true, "/v1/chat/completions", { model: "m", stream: true });
    expect(strict).toEqual({ status: 400, body: { error: { message: "Missing required parameter: 'messages'.", type: "invalid_request_error", param: "messages", code: "missing_required_parameter" } } });
  });

  it("OpenAI Chat: an unknown role, a missing role, a message that is not an object (param without the dot, codes as the API sends them)", async () => {
    const ask = (messages: unknown[]) => answer(true, "/v1/chat/completions", { model: "m", stream: true, messages });
    expect(await ask([{ role: "user", content: "hi" }, { role: "bot", content: "x" }])).toMatchObject({
      status: 400,
      body: { error: { message: "Invalid value: 'bot'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.", type: "invalid_request_error", param: "messages[1].role", code: "invalid_value" } },
    });
    expect(await ask([{ content: "hi" }])).toMatchObject({ status: 400, body: { error: { message: "Missing required parameter: 'messages[0].role'.", param: "messages[0].role", code: "missing_required_parameter" } } });
    expect(await ask(["hi"])).toMatchObject({ status: 400, body: { error: { param: "messages[0]", code: "invalid_type" } } });
    expect((await ask([{ role: "developer", content: "be brief" }, { role: "user", content: "hi" }])).status).toBe(200);
  });

  it("OpenAI Chat: parallel calls answered in any order pass", async () => {
    const calls = ["c1", "c2"].map((id) => ({ id, type: "function", function: { name: "f", arguments: "{}" } }));
    const messages = [user("hi"), { role: "assistant", tool_calls: calls }, { role: "tool", tool_call_id: "c2", content: "2" }, { role: "tool", tool_call_id: "c1", content: "1" }];
    expect((await answer(true, "/v1/chat/completions", { model: "m", stream: true, messages })).status).toBe(200);
  });

  it("OpenAI Responses: a function_call_output with no function_call", async () => {
    const body = { model: "m", stream: true, input: [{ type: "function_call_output", call_id: "call_9", output: "x" }] };
    const strict = await answer(true, "/v1/responses", body);
    expect(strict).toMatchObject({ status: 400, body: { error: { message: "No tool call found for function call output with call_id call_9.", param: "input" } } });
    expect((await answer(true, "/v1/responses", { ...body, previous_response_id: "resp_1" })).status).toBe(200);
  });

  it("OpenAI Responses: a function_call replayed without its function_call_output", async () => {
    const call = { type: "function_call", call_id: "call_7", name: "f", arguments: "{}" };
    const body = { model: "m", stream: true, input: [{ role: "user", content: "hi" }, call] };
    expect((await answer(false, "/v1/responses", body)).status).toBe(200);
    expect(await answer(true, "/v1/responses", body)).toMatchObject({ status: 400, body: { error: { message: "No tool output found for function call call_7.", type: "invalid_request_error", param: "input", code: null } } });
    const answered = { ...body, input: [...body.input, { type: "function_call_output", call_id: "call_7", output: "ok" }] };
    expect((await answer(true, "/v1/responses", answered)).status).toBe(200);
  });

  it("Gemini: a role other than user or model, empty contents", async () => {
    const path = "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse";
    const badRole = { contents: [{ role: "assistant", parts: [{ text: "hi" }] }] };
    expect((await answer(false, path, badRole)).status).toBe(200);
    expect(await answer(true, path, badRole)).toEqual({ status: 400, body: { error: { code: 400, message: "Please use a valid role: user, model.", status: "INVALID_ARGUMENT" } } });
    expect(await answer(true, path, { contents: [] })).toMatchObject({ status: 400, body: { error: { status: "INVALID_ARGUMENT" } } });
    expect((await answer(true, path, { contents: [{ role: "user", parts: [{ text: "hi" }] }, { role: "model", parts: [{ text: "yo" }] }] })).status).toBe(200);
  });

  it("Anthropic: a whitespace-only text block beside real text passes (direct API calls: LibreChat-AI/agents#124)", async () => {
    const body = { model: "m", max_tokens: 5, stream: true, messages: [user([{ type: "text", text: " \n" }, { type: "text", text: "real" }])] };
    expect((await answer(true, "/v1/messages", body)).status).toBe(200);
  });

  it("Anthropic: an empty final assistant message (a prefill) passes", async () => {
    expect((await answer(true, "/v1/messages", { model: "m", max_tokens: 5, stream: true, messages: [user("hi"), { role: "assistant", content: "" }] })).status).toBe(200);
  });

  it("Gemini: a functionResponse not right after as many functionCall parts", async () => {
    const path = "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse";
    const call = (name: string) => ({ functionCall: { name, args: {} } });
    const reply = (name: string) => ({ functionResponse: { name, response: { ok: true } } });
    const ask = { role: "user", parts: [{ text: "hi" }] };
    const orphan = { contents: [ask, { role: "user", parts: [reply("f")] }] };
    expect((await answer(false, path, orphan)).status).toBe(200);
    expect(await answer(true, path, orphan)).toEqual({
      status: 400,
      body: { error: { code: 400, message: "Please ensure that function response turn comes immediately after a function call turn.", status: "INVALID_ARGUMENT" } },
    });
    const short = { contents: [ask, { role: "model", parts: [call("f"), call("g")] }, { role: "user", parts: [reply("f")] }] };
    expect(await answer(true, path, short)).toMatchObject({ status: 400, body: { error: { message: "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn." } } });
    const answered = { contents: [ask, { role: "model", parts: [call("f"), call("g")] }, { role: "user", parts: [reply("g"), reply("f")] }] };
    expect((await answer(true, path, answered)).status).toBe(200);
  });

  it("Gemini: a functionCall turn first, or right after another model turn", async () => {
    const path = "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse";
    const message = "Please ensure that function call turn comes immediately after a user turn or after a function response turn.";
    const calling = { role: "model", parts: [{ functionCall: { name: "f", args: {} } }] };
    const replied = { role: "user", parts: [{ functionResponse: { name: "f", response: { ok: true } } }] };
    const first = { contents: [calling, replied] };
    expect((await answer(false, path, first)).status).toBe(200);
    expect(await answer(true, path, first)).toEqual({ status: 400, body: { error: { code: 400, message, status: "INVALID_ARGUMENT" } } });
    const afterModel = { contents: [{ role: "user", parts: [{ text: "hi" }] }, { role: "model", parts: [{ text: "let me see" }] }, calling, replied] };
    expect(await answer(true, path, afterModel)).toMatchObject({ status: 400, body: { error: { message } } });
    // After a user turn (role left out counts as user) or a function response turn: fine.
    const loop = { contents: [{ parts: [{ text: "hi" }] }, calling, replied, calling, replied] };
    expect((await answer(true, path, loop)).status).toBe(200);
  });

  it("Gemini 3: the first functionCall of a step in the current turn without a thoughtSignature (thought-signatures guide)", async () => {
    const gemini3 = "/v1beta/models/gemini-3-pro-preview:streamGenerateContent?alt=sse";
    const call = (name: string, signature?: string) => ({ functionCall: { name, args: {} }, ...(signature !== undefined && { thoughtSignature: signature }) });
    const reply = (name: string) => ({ functionResponse: { name, response: { ok: true } } });
    const ask = { role: "user", parts: [{ text: "hi" }] };
    const unsigned = { contents: [ask, { role: "model", parts: [call("f", "sig-1")] }, { role: "user", parts: [reply("f")] }, { role: "model", parts: [call("g"), call("h")] }, { role: "user", parts: [reply("g"), reply("h")] }] };
    expect((await answer(false, gemini3, unsigned)).status).toBe(200);
    expect(await answer(true, gemini3, unsigned)).toEqual({
      status: 400,
      body: {
        error: {
          code: 400,
          message:
            "Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call `default_api:g` , position 4. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.",
          status: "INVALID_ARGUMENT",
        },
      },
    });
    // Models before Gemini 3 do not validate; a signature (or the documented placeholder) on the
    // first call of each step passes, the parallel call after it needs none.
    expect((await answer(true, "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse", unsigned)).status).toBe(200);
    const signed = { contents: [ask, { role: "model", parts: [call("f", "sig-1")] }, { role: "user", parts: [reply("f")] }, { role: "model", parts: [{ text: "next" }, call("g", "skip_thought_signature_validator"), call("h")] }, { role: "user", parts: [reply("g"), reply("h")] }] };
    expect((await answer(true, gemini3, signed)).status).toBe(200);
    // An earlier turn (a user text after it) is not validated.
    const earlier = { contents: [ask, { role: "model", parts: [call("f")] }, { role: "user", parts: [reply("f")] }, { role: "model", parts: [{ text: "done" }] }, { role: "user", parts: [{ text: "thanks" }] }] };
    expect((await answer(true, gemini3, earlier)).status).toBe(200);
  });

  it("Gemini: a part holding no data (an empty text, nothing at all) is refused; an empty thought or signed text part passes (as @google/genai keeps them)", async () => {
    const path = "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse";
    const empty = { contents: [{ role: "user", parts: [{ text: "hi" }] }, { role: "model", parts: [{ text: "yo" }, { text: "" }] }, { role: "user", parts: [{ text: "again" }] }] };
    expect((await answer(false, path, empty)).status).toBe(200);
    expect(await answer(true, path, empty)).toEqual({
      status: 400,
      body: { error: { code: 400, message: "* GenerateContentRequest.contents[1].parts[1].data: required oneof field 'data' must have one initialized field\n", status: "INVALID_ARGUMENT" } },
    });
    expect(await answer(true, path, { contents: [{ role: "user", parts: [{}] }] })).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining("contents[0].parts[0].data: required oneof field 'data'") as unknown } } });
    const signed = { contents: [{ role: "user", parts: [{ text: "hi" }] }, { role: "model", parts: [{ text: "", thought: true }, { text: "yo" }, { text: "", thoughtSignature: "sig" }] }, { role: "user", parts: [{ text: "again" }] }] };
    expect((await answer(true, path, signed)).status).toBe(200);
  });

  it("a body that is not JSON", async () => {
    const strict = await answer(true, "/v1/chat/completions", "{not json");
    expect(strict).toMatchObject({ status: 400, body: { error: { type: "invalid_request_error" } } });
  });
});
