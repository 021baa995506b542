/**
 * Each API's documented request rules for a conversation with tool calls, checked on the body the
 * SDK actually sent. A check returns the problems it found (empty: the provider would take it).
 *
 * - Anthropic Messages: the first message is a user turn, roles alternate; every `tool_use` is
 *   answered by a `tool_result` in the very next (user) message and every `tool_result` answers a
 *   `tool_use` of the message before; `tool_use.id` matches `^[a-zA-Z0-9_-]+$` (the API's 400:
 *   "tool_use.id: String should match pattern"); thinking blocks lead their assistant turn (or the
 *   output after a `fallback` block, where another model's output begins).
 * - OpenAI Chat Completions: an assistant message with `tool_calls` is followed directly by one
 *   `tool` message per call id ("An assistant message with 'tool_calls' must be followed by tool
 *   messages responding to each 'tool_call_id'"), a `tool` message answers the assistant message
 *   before it; `tool_calls[].id` is at most 40 characters ("string too long. Expected a string
 *   with maximum length 40").
 * - OpenAI Responses: every `function_call_output` follows the `function_call` with its `call_id`
 *   and every `function_call` has its output (the API's "No tool output found for function call");
 *   `call_id` is at most 64 characters; a reasoning item is followed by the output item it led to.
 * - Gemini: contents start with a user turn and alternate user/model (a user turn of function
 *   responses may be followed by the user's next message); a model turn with
 *   `functionCall` parts is followed by a user turn with exactly as many `functionResponse` parts,
 *   names in the same order (and ids, where the calls had them); in the current turn (after the
 *   last user content with more than function responses) the first `functionCall` of every model
 *   content carries a `thoughtSignature` (Gemini 3 rejects a request without it; the docs' FAQ
 *   names `skip_thought_signature_validator` for calls Gemini did not make).
 */
import type { SwapApi } from "./providers.js";

type Json = Record<string, unknown>;
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => typeof v === "object" && v !== null) : []);

/** The problems `body` has for `api` (`label`: the Chat platform, for its own rules). */
export function requestProblems(api: SwapApi, body: unknown, label?: string): string[] {
  const request = (body ?? {}) as Json;
  switch (api) {
    case "anthropic":
      return [...anthropicProblems(records(request.messages)), ...anthropicBlockProblems(records(request.messages))];
    case "openai-chat":
      return [...chatProblems(records(request.messages)), ...(label === "mistral" ? mistralProblems(records(request.messages)) : [])];
    case "openai-responses":
      return [...responsesProblems(records(request.input)), ...itemIdProblems(records(request.input))];
    case "google":
      return googleProblems(records(request.contents));
  }
}

function anthropicProblems(messages: Json[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, i) => {
    const expected = i % 2 === 0 ? "user" : "assistant";
    if (message.role !== expected) problems.push(`messages[${i}] is ${String(message.role)}, expected ${expected}`);
    const blocks = records(message.content);
    const uses = blocks.filter((b) => b.type === "tool_use").map((b) => String(b.id));
    for (const id of uses) if (!/^[a-zA-Z0-9_-]+$/.test(id)) problems.push(`messages[${i}] tool_use.id ${JSON.stringify(id)} does not match ^[a-zA-Z0-9_-]+$`);
    const next = records(messages[i + 1]?.content);
    const answered = new Set(next.filter((b) => b.type === "tool_result").map((b) => String(b.tool_use_id)));
    for (const id of uses) if (!answered.has(id)) problems.push(`messages[${i}] tool_use ${id} has no tool_result in the next message`);
    const previous = new Set(records(messages[i - 1]?.content).filter((b) => b.type === "tool_use").map((b) => String(b.id)));
    for (const block of blocks) {
      if (block.type === "tool_result" && !previous.has(String(block.tool_use_id))) problems.push(`messages[${i}] tool_result ${String(block.tool_use_id)} answers no tool_use of the message before`);
    }
    const firstOther = blocks.findIndex((b) => b.type !== "thinking" && b.type !== "redacted_thinking");
    blocks.forEach((b, j) => {
      if ((b.type === "thinking" || b.type === "redacted_thinking") && firstOther !== -1 && j > firstOther && !interleavedAfterTool(blocks, j) && !leadsItsHop(blocks, j)) {
        problems.push(`messages[${i}] thinking block ${j} does not lead its turn`);
      }
    });
  });
  return problems;
}

/**
 * Thinking that leads the output after a `fallback` block: the block marks the boundary between two
 * models' output, each with its own thinking run (`BetaFallbackBlockParam`, Refusals and fallback).
 */
function leadsItsHop(blocks: Json[], index: number): boolean {
  const boundary = blocks.slice(0, index).map((b) => b.type).lastIndexOf("fallback");
  return boundary !== -1 && blocks.slice(boundary + 1, index).every((b) => b.type === "thinking" || b.type === "redacted_thinking");
}

/** Interleaved thinking follows a tool result block of the same turn (server tools). */
function interleavedAfterTool(blocks: Json[], index: number): boolean {
  return blocks.slice(0, index).some((b) => typeof b.type === "string" && b.type.endsWith("_tool_result"));
}

function chatProblems(messages: Json[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, i) => {
    const calls = records(message.tool_calls).map((c) => String(c.id));
    for (const id of calls) if (id.length > 40) problems.push(`messages[${i}] tool_calls id ${id} is longer than 40`);
    if (message.role === "assistant" && calls.length > 0) {
      const answers: string[] = [];
      for (let j = i + 1; messages[j]?.role === "tool"; j++) answers.push(String(messages[j]?.tool_call_id));
      if ([...answers].sort().join() !== [...calls].sort().join()) problems.push(`messages[${i}] tool_calls ${calls.join()} are followed by tool messages for ${answers.join() || "nothing"}`);
    }
    if (message.role === "tool") {
      let j = i - 1;
      while (messages[j]?.role === "tool") j--;
      const owner = records(messages[j]?.tool_calls).map((c) => String(c.id));
      if (messages[j]?.role !== "assistant" || !owner.includes(String(message.tool_call_id))) problems.push(`messages[${i}] tool message ${String(message.tool_call_id)} does not follow its assistant tool_calls`);
    }
  });
  return problems;
}

function responsesProblems(items: Json[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const outputs = new Set(items.filter((it) => it.type === "function_call_output").map((it) => String(it.call_id)));
  items.forEach((item, i) => {
    if (item.type === "function_call") {
      const id = String(item.call_id);
      if (id.length > 64) problems.push(`input[${i}] call_id ${id} is longer than 64`);
      if (!outputs.has(id)) problems.push(`input[${i}] function_call ${id} has no function_call_output`);
      seen.add(id);
    }
    if (item.type === "function_call_output" && !seen.has(String(item.call_id))) problems.push(`input[${i}] function_call_output ${String(item.call_id)} has no function_call before it`);
    if (item.type === "reasoning") {
      const next = items[i + 1];
      if (next === undefined || next.type === "reasoning" || next.type === "function_call_output" || next.role === "user") problems.push(`input[${i}] reasoning ${String(item.id)} is not followed by its output item`);
    }
  });
  return problems;
}

function googleProblems(contents: Json[]): string[] {
  const problems: string[] = [];
  // Gemini validates signatures in the current turn: the contents after the last user content that
  // holds more than function responses.
  let turnStart = -1;
  contents.forEach((c, i) => {
    if (c.role === "user" && records(c.parts).some((p) => p.functionResponse === undefined)) turnStart = i;
  });
  contents.forEach((content, i) => {
    // Roles alternate, except that a user turn of function responses may be followed by the user's
    // next message (the API takes consecutive user contents; google/adk-go#1302).
    const previous = contents[i - 1];
    const afterResponses = previous?.role === "user" && records(previous.parts).every((p) => p.functionResponse !== undefined);
    const expected = i === 0 ? "user" : previous?.role === "user" ? (afterResponses ? content.role : "model") : "user";
    if (content.role !== expected) problems.push(`contents[${i}] is ${String(content.role)}, expected ${expected}`);
    const parts = records(content.parts);
    const calls = parts.filter((p) => p.functionCall !== undefined);
    const responses = parts.filter((p) => p.functionResponse !== undefined);
    if (calls.length > 0) {
      if (i > turnStart && calls[0]?.thoughtSignature === undefined) problems.push(`contents[${i}] first functionCall of the current turn has no thoughtSignature`);
      const next = records(contents[i + 1]?.parts).filter((p) => p.functionResponse !== undefined).map((p) => p.functionResponse as Json);
      const names = (list: Json[]) => list.map((fc) => String(fc.name)).join();
      if (names(next) !== names(calls.map((p) => p.functionCall as Json))) problems.push(`contents[${i}] functionCalls ${names(calls.map((p) => p.functionCall as Json))} answered by ${names(next) || "nothing"}`);
      calls.forEach((p, k) => {
        const id = (p.functionCall as Json).id;
        if (id !== undefined && next[k]?.id !== id) problems.push(`contents[${i}] functionCall id ${String(id)} answered by id ${String(next[k]?.id)}`);
      });
    }
    if (responses.length > 0 && !records(contents[i - 1]?.parts).some((p) => p.functionCall !== undefined)) problems.push(`contents[${i}] functionResponse without a model functionCall turn before it`);
  });
  return problems;
}

/**
 * Anthropic block rules: a `thinking` block carries its `signature` and a `redacted_thinking` block
 * its `data` (the API's 400 "thinking.signature: Field required"); a `server_tool_use` /
 * `mcp_tool_use` block is followed by the result block naming it (`tool_use_id`), in the same
 * assistant message or a later one (a deferred server tool), except in a last message paused by
 * `pause_turn`; no assistant message ends with a thinking block ("The final block in an assistant
 * message cannot be `thinking`").
 */
function anthropicBlockProblems(messages: Json[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, i) => {
    const blocks = records(message.content);
    const last = blocks[blocks.length - 1];
    if (message.role === "assistant" && (last?.type === "thinking" || last?.type === "redacted_thinking")) problems.push(`messages[${i}] ends with a thinking block`);
    blocks.forEach((block, j) => {
      if (block.type === "thinking" && (typeof block.signature !== "string" || block.signature === "")) problems.push(`messages[${i}] thinking block ${j} has no signature`);
      if (block.type === "redacted_thinking" && (typeof block.data !== "string" || block.data === "")) problems.push(`messages[${i}] redacted_thinking block ${j} has no data`);
      if (block.type === "server_tool_use" || block.type === "mcp_tool_use") {
        // Its result follows in the same turn, or (deferred past the response's client tools) at the
        // start of a later assistant turn.
        const later = [...blocks.slice(j + 1), ...messages.slice(i + 1).flatMap((m) => records(m.content))];
        const answered = later.some((b) => b.tool_use_id === block.id);
        // Only the last message may end on one: a `pause_turn` response goes back as it came.
        if (!answered && message.role === "assistant" && i !== messages.length - 1) problems.push(`messages[${i}] ${String(block.type)} ${String(block.id)} has no result block after it`);
      }
    });
  });
  return problems;
}

/** Responses: input item ids are unique (the API's 400 "Duplicate item found with id"). */
function itemIdProblems(items: Json[]): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  items.forEach((item, i) => {
    if (typeof item.id !== "string") return;
    if (seen.has(item.id)) problems.push(`input[${i}] repeats item id ${item.id}`);
    seen.add(item.id);
  });
  return problems;
}

/**
 * Mistral's Chat rules: a `tool` message is followed by another `tool` message or an assistant
 * message (the API's "Unexpected role 'user' after role 'tool'"), and tool call ids are 9
 * characters of a-z, A-Z, 0-9 ("Tool call id was … but must be a-z, A-Z, 0-9, with a length of 9").
 */
function mistralProblems(messages: Json[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, i) => {
    const next = messages[i + 1];
    if (message.role === "tool" && next !== undefined && next.role !== "tool" && next.role !== "assistant") problems.push(`messages[${i + 1}] is ${String(next.role)} after a tool message`);
    for (const call of records(message.tool_calls)) if (!/^[a-zA-Z0-9]{9}$/.test(String(call.id))) problems.push(`messages[${i}] tool call id ${String(call.id)} is not 9 alphanumerics`);
    if (message.role === "tool" && !/^[a-zA-Z0-9]{9}$/.test(String(message.tool_call_id))) problems.push(`messages[${i}] tool_call_id ${String(message.tool_call_id)} is not 9 alphanumerics`);
  });
  return problems;
}
