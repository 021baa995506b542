/**
 * Each API's documented request rules for a conversation with tool calls, checked on the body the
 * SDK actually sent. A check returns the problems it found (empty: the provider would take it).
 *
 * - Anthropic Messages: the first message is a user turn, roles alternate; every `tool_use` is
 *   answered by a `tool_result` in the very next (user) message and every `tool_result` answers a
 *   `tool_use` of the message before; `tool_use.id` matches `^[a-zA-Z0-9_-]+$` (the API's 400:
 *   "tool_use.id: String should match pattern"); thinking blocks lead their assistant turn (or the
 *   output after a `fallback` block, where another model's output begins); in a user message the
 *   `tool_result` blocks come first ("tool_result blocks must come FIRST in the content array",
 *   Tool use → "Handling tool use and tool result content blocks"), and a `tool_result`'s content
 *   is text, image (jpeg/png/gif/webp) or document blocks (`ToolResultBlockParam.content`).
 * - OpenAI Chat Completions: an assistant message with `tool_calls` is followed directly by one
 *   `tool` message per call id ("An assistant message with 'tool_calls' must be followed by tool
 *   messages responding to each 'tool_call_id'"), a `tool` message answers the assistant message
 *   before it; `tool_calls[].id` is at most 40 characters ("string too long. Expected a string
 *   with maximum length 40"); a `tool` message's content is a string or text parts only
 *   (`ChatCompletionToolMessageParam.content`: "string | Array<ChatCompletionContentPartText>").
 * - OpenAI Responses: every `function_call_output` follows the `function_call` with its `call_id`
 *   and every `function_call` has its output (the API's "No tool output found for function call");
 *   `call_id` is at most 64 characters; a reasoning item is followed by the output item it led to;
 *   a `function_call_output.output` is a string or a list of `input_text`, `input_image` (an
 *   `image_url` or `file_id`) and `input_file` (`file_data` with its `filename`, `file_id` or
 *   `file_url`) items (`ResponseInputItem.FunctionCallOutput.output`).
 * - Gemini: contents start with a user turn and alternate user/model (a user turn of function
 *   responses, with the media of their results moved after them, may be followed by the user's
 *   next message); a model turn with
 *   `functionCall` parts is followed by a user turn with exactly as many `functionResponse` parts,
 *   names in the same order (and ids, where the calls had them); in the current turn (after the
 *   last user content with more than function responses) the first `functionCall` of every model
 *   content carries a `thoughtSignature` (Gemini 3 rejects a request without it; the docs' FAQ
 *   names `skip_thought_signature_validator` for calls Gemini did not make); media inside a
 *   `functionResponse` (`functionResponse.parts`, each one `inlineData` with its `mimeType` and
 *   `data`, or one `fileData`) only for Gemini 3 and later ("Multimodal function responses …
 *   Available for Gemini 3 series models", https://ai.google.dev/gemini-api/docs/function-calling#multimodal;
 *   earlier models answer 400 "Multimodal function responses are not supported for this model").
 * - What user messages and system/developer instructions may hold, per API: user-content-checks.ts.
 */
import { anthropicUserContentProblems, chatUserContentProblems, googleUserContentProblems, responsesUserContentProblems } from "./user-content-checks.js";

/** The four request APIs the converters build for. */
export type RequestApi = "anthropic" | "openai-chat" | "openai-responses" | "google";
type SwapApi = RequestApi;

type Json = Record<string, unknown>;
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => typeof v === "object" && v !== null) : []);

/**
 * The problems `body` has for `api` (`label`: the Chat platform, for its own rules; `model`: the
 * Gemini model the request goes to, which decides whether it takes media in function responses).
 */
export function requestProblems(api: SwapApi, body: unknown, label?: string, model?: string): string[] {
  const request = (body ?? {}) as Json;
  switch (api) {
    case "anthropic":
      return [...anthropicProblems(records(request.messages)), ...anthropicBlockProblems(records(request.messages)), ...anthropicToolResultProblems(records(request.messages)), ...anthropicUserContentProblems(request)];
    case "openai-chat":
      return [...chatProblems(records(request.messages)), ...chatToolContentProblems(records(request.messages)), ...(label === "mistral" ? mistralProblems(records(request.messages)) : []), ...chatUserContentProblems(records(request.messages), label)];
    case "openai-responses":
      return [...responsesProblems(records(request.input)), ...itemIdProblems(records(request.input)), ...functionOutputProblems(records(request.input)), ...responsesUserContentProblems(records(request.input))];
    case "google":
      return [...googleProblems(records(request.contents)), ...functionResponsePartProblems(records(request.contents), model), ...googleUserContentProblems(request)];
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
  // holds more than function responses. Tool media sent after the responses (a model without
  // multimodal function responses) is counted with them: the stricter reading, as the converter's.
  let turnStart = -1;
  contents.forEach((c, i) => {
    if (c.role === "user" && !isResponseTurn(c)) turnStart = i;
  });
  contents.forEach((content, i) => {
    // Roles alternate, except that a user turn of function responses (with their moved media) may
    // be followed by the user's next message. Google's references set no alternation rule (`Content.role`:
    // "Must be either 'user' or 'model'", https://ai.google.dev/api/caching#Content); consecutive
    // contents of one role are accepted (google/adk-go#1218, #1302).
    const previous = contents[i - 1];
    const afterResponses = previous !== undefined && previous.role === "user" && isResponseTurn(previous);
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
 * assistant message or a later one (a deferred server tool), unless its assistant turn is still
 * open: no user message holding anything but `tool_result` blocks comes after it (the last
 * message, paused by `pause_turn`: "send the response back as-is"; or followed only by user
 * messages of `tool_result` blocks). "Adding anything after the `tool_result` blocks in that user
 * message, such as text, ends the assistant turn; for a server tool Claude called directly, the
 * request then fails with a 400" (Stop reasons, `pause_turn` and `tool_use`:
 * https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons; the rule of
 * anthropic's unanswered-server-calls.ts). No assistant message ends with a thinking block ("The
 * final block in an assistant message cannot be `thinking`").
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
        // The turn is over once a user message with more than tool results follows.
        const closed = messages.slice(i + 1).some((m) => m.role === "user" && !onlyToolResults(m));
        if (!answered && message.role === "assistant" && closed) problems.push(`messages[${i}] ${String(block.type)} ${String(block.id)} has no result block after it`);
      }
    });
  });
  return problems;
}

/** A user message of nothing but `tool_result` blocks (string content is text). */
function onlyToolResults(message: Json): boolean {
  const blocks = records(message.content);
  return Array.isArray(message.content) && blocks.length > 0 && blocks.every((b) => b.type === "tool_result");
}

const ANTHROPIC_IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

/**
 * Anthropic's tool result rules: in a user message the `tool_result` blocks lead ("tool_result
 * blocks must come FIRST in the content array, any text must come AFTER all tool results", Tool
 * use → "Handling results from client tools"); a `tool_result`'s content is a string or `text`,
 * `image`, `document` and `search_result` blocks (`ToolResultBlockParam.content`); an image's
 * base64 source names one of the four image types, a document's base64 source is a PDF
 * (`Base64PDFSource.media_type: "application/pdf"`).
 */
function anthropicToolResultProblems(messages: Json[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, i) => {
    const blocks = records(message.content);
    const firstOther = blocks.findIndex((b) => b.type !== "tool_result");
    blocks.forEach((block, j) => {
      if (block.type !== "tool_result") return;
      if (firstOther !== -1 && j > firstOther) problems.push(`messages[${i}] tool_result ${String(block.tool_use_id)} comes after a ${String(blocks[firstOther]?.type)} block`);
      if (typeof block.content === "string" || block.content === undefined) return;
      records(block.content).forEach((part, k) => {
        const where = `messages[${i}] tool_result ${String(block.tool_use_id)} content[${k}]`;
        const source = (part.source ?? {}) as Json;
        if (part.type === "image") {
          if (source.type === "base64" && (!ANTHROPIC_IMAGE_TYPES.has(String(source.media_type)) || typeof source.data !== "string")) problems.push(`${where} image source ${String(source.media_type)} is not a base64 jpeg/png/gif/webp`);
        } else if (part.type === "document") {
          if (source.type === "base64" && (source.media_type !== "application/pdf" || typeof source.data !== "string")) problems.push(`${where} base64 document is ${String(source.media_type)}, not a PDF`);
        } else if (part.type !== "text" && part.type !== "search_result") problems.push(`${where} is a ${String(part.type)} block, which a tool_result cannot hold`);
      });
    });
  });
  return problems;
}

/** Chat: a `tool` message's content is a string or text parts. */
function chatToolContentProblems(messages: Json[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, i) => {
    if (message.role !== "tool" || typeof message.content === "string") return;
    if (!Array.isArray(message.content)) problems.push(`messages[${i}] tool message content is neither a string nor parts`);
    else records(message.content).forEach((part, k) => {
      if (part.type !== "text") problems.push(`messages[${i}] tool message part ${k} is ${String(part.type)}, Chat tool messages take text only`);
    });
  });
  return problems;
}

/** Responses: what a `function_call_output.output` list may hold. */
function functionOutputProblems(items: Json[]): string[] {
  const problems: string[] = [];
  items.forEach((item, i) => {
    if (item.type !== "function_call_output" || typeof item.output === "string") return;
    if (!Array.isArray(item.output)) {
      problems.push(`input[${i}] function_call_output.output is neither a string nor a list`);
      return;
    }
    records(item.output).forEach((part, k) => {
      const where = `input[${i}] function_call_output ${String(item.call_id)} output[${k}]`;
      if (part.type === "input_text") {
        if (typeof part.text !== "string") problems.push(`${where} input_text has no text`);
      } else if (part.type === "input_image") {
        if (typeof part.image_url !== "string" && typeof part.file_id !== "string") problems.push(`${where} input_image has neither image_url nor file_id`);
        else if (typeof part.image_url === "string" && !/^(data:image\/(png|jpeg|webp|gif);base64,|https?:\/\/)/.test(part.image_url)) problems.push(`${where} input_image.image_url is neither an image data URL nor a URL`);
      } else if (part.type === "input_file") {
        if (typeof part.file_data === "string") {
          if (!part.file_data.startsWith("data:")) problems.push(`${where} input_file.file_data is not a data URL`);
          if (typeof part.filename !== "string" || part.filename === "") problems.push(`${where} input_file with file_data has no filename`);
        } else if (typeof part.file_id !== "string" && typeof part.file_url !== "string") problems.push(`${where} input_file has no file_data, file_id or file_url`);
      } else problems.push(`${where} is ${String(part.type)}, which a function_call_output cannot hold`);
    });
  });
  return problems;
}

/** Gemini: a user content of function responses, and the tool media moved after them. */
function isResponseTurn(content: Json): boolean {
  const parts = records(content.parts);
  return parts.some((p) => p.functionResponse !== undefined) && parts.every((p) => p.functionResponse !== undefined || p.inlineData !== undefined || p.fileData !== undefined);
}

/** A Gemini 3 or later model id (`gemini-3-flash-preview`, `models/gemini-3.1-pro`, …). */
export function takesMediaInFunctionResponses(model: string | undefined): boolean {
  const major = /^(?:models\/)?gemini-(\d+)(?:[.-]|$)/.exec(model ?? "")?.[1];
  return major !== undefined && Number(major) >= 3;
}

/** Gemini: media inside function responses, only for Gemini 3+, and each part one blob or file. */
function functionResponsePartProblems(contents: Json[], model: string | undefined): string[] {
  const problems: string[] = [];
  contents.forEach((content, i) => {
    records(content.parts).forEach((part, j) => {
      const response = part.functionResponse as Json | undefined;
      if (response === undefined || response.parts === undefined) return;
      const where = `contents[${i}].parts[${j}] functionResponse ${String(response.name)}`;
      if (!takesMediaInFunctionResponses(model)) problems.push(`${where} holds media, which ${model ?? "a model not named"} does not take (Gemini 3+ only)`);
      records(response.parts).forEach((media, k) => {
        const inline = media.inlineData as Json | undefined;
        const file = media.fileData as Json | undefined;
        const keys = Object.keys(media).filter((key) => media[key] !== undefined);
        if (keys.length !== 1 || (inline === undefined && file === undefined)) problems.push(`${where} parts[${k}] is not one inlineData or fileData (${keys.join()})`);
        if (inline !== undefined && (typeof inline.mimeType !== "string" || typeof inline.data !== "string" || inline.data === "")) problems.push(`${where} parts[${k}] inlineData lacks mimeType or data`);
        if (file !== undefined && typeof file.fileUri !== "string") problems.push(`${where} parts[${k}] fileData has no fileUri`);
      });
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
