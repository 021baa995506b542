/**
 * Each API's documented request rules for a conversation with tool calls, checked on the body the
 * SDK actually sent. A check returns the problems it found (empty: the provider would take it).
 *
 * - Anthropic Messages: the first message is a user turn, roles alternate; every `tool_use` is
 *   answered by a `tool_result` in the very next (user) message and every `tool_result` answers a
 *   `tool_use` of the message before; `tool_use.id` matches `^[a-zA-Z0-9_-]+$` (the API's 400:
 *   "tool_use.id: String should match pattern"); thinking blocks lead their assistant turn.
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

/** The problems `body` has for `api`. */
export function requestProblems(api: SwapApi, body: unknown): string[] {
  const request = (body ?? {}) as Json;
  switch (api) {
    case "anthropic":
      return anthropicProblems(records(request.messages));
    case "openai-chat":
      return chatProblems(records(request.messages));
    case "openai-responses":
      return responsesProblems(records(request.input));
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
      if ((b.type === "thinking" || b.type === "redacted_thinking") && firstOther !== -1 && j > firstOther && !interleavedAfterTool(blocks, j)) {
        problems.push(`messages[${i}] thinking block ${j} does not lead its turn`);
      }
    });
  });
  return problems;
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
