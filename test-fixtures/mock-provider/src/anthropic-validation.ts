/**
 * The Anthropic Messages request checks of strict mode, each with the API's own answer where a
 * recorded one is known:
 * - `model` (not on Bedrock / Vertex AI, which take it from the path), `max_tokens` (a positive
 *   integer) and `messages` required; roles `user` / `assistant` only (consecutive same-role turns
 *   are allowed: the API merges them);
 * - the fields of content blocks (see `blockProblem`): a `thinking` block's `thinking` and
 *   `signature`, a `redacted_thinking` block's `data`, a `tool_use` block's object `input`, a base64
 *   image's media type;
 * - no empty content but in a final assistant message, no empty text block, not only
 *   whitespace-only text;
 * - `tool_use` ids unique in the request; every `tool_use` answered by a `tool_result` at the start
 *   of the next turn, every `tool_result` answering a `tool_use` of the previous turn (turns as the
 *   API combines them: results split over consecutive user messages pass), and no `tool_use`
 *   answered twice;
 * - thinking blocks where the API takes them (see `thinkingBlockProblem`);
 * - the request's parameters: see anthropic-params-validation.ts (thinking budget, `temperature`
 *   and `tool_choice` with thinking, tool names, `cache_control` breakpoints).
 */
import { anthropicParamsProblem } from "./anthropic-params-validation.js";
import { blocks, isObject, type Json, type RequestProblem } from "./request-problem.js";

/**
 * The 400 the Messages API would answer for `body`, if any. `modelInPath`: the platform takes the
 * model from the path (Bedrock, Vertex AI), so the body needs none. `betas`: the request's
 * `anthropic-beta` values (interleaved thinking lifts the `max_tokens` bound on the budget).
 */
export function anthropicRequestProblem(body: Json, modelInPath = false, betas: readonly string[] = []): RequestProblem | undefined {
  // Bedrock and Vertex AI name the model in the path (the SDKs move it out of the body).
  if (!modelInPath && (typeof body.model !== "string" || body.model === "")) return { message: "model: Field required" };
  if (body.max_tokens === undefined) return { message: "max_tokens: Field required" };
  if (typeof body.max_tokens !== "number" || !Number.isInteger(body.max_tokens) || body.max_tokens < 1) return { message: "max_tokens: Input should be a valid positive integer" };
  if (!Array.isArray(body.messages)) return { message: "messages: Field required" };
  const messages = body.messages;
  for (let i = 0; i < messages.length; i++) {
    const message: unknown = messages[i];
    if (!isObject(message)) return { message: `messages.${i}: Input should be a valid dictionary` };
    if (message.role !== "user" && message.role !== "assistant") return { message: `messages.${i}.role: Input should be 'user' or 'assistant'` };
    const fieldProblem = contentFieldProblem(message.content, `messages.${i}.content`);
    if (fieldProblem !== undefined) return fieldProblem;
  }
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i] as Json;
    const empty = message.content === "" || (Array.isArray(message.content) && message.content.length === 0);
    if (empty && !(message.role === "assistant" && i === messages.length - 1)) {
      return { message: `messages.${i}: all messages must have non-empty content except for the optional final assistant message` };
    }
    const content = blocks(message.content);
    const texts = content.filter((block) => block.type === "text").map((block) => block.text);
    if (texts.some((text) => text === "")) return { message: "messages: text content blocks must be non-empty" };
    // Whitespace-only text fails only when it is all the message's text: direct API calls take
    // `[text:' ', text:'real']` and refuse `[text:' ']` (LibreChat-AI/agents#124).
    if (texts.length > 0 && texts.every((text) => typeof text === "string" && text.trim() === "")) return { message: "messages: text content blocks must contain non-whitespace text" };
  }
  const problem =
    repeatedIdProblem(messages, "tool_use", "id", (at) => `${at}: \`tool_use\` ids must be unique`) ??
    toolPairingProblem(mergedTurns(messages)) ??
    repeatedIdProblem(messages, "tool_result", "tool_use_id", (at, id) => `${at}: each tool_use must have a single result. Found multiple \`tool_result\` blocks with id: ${id}`) ??
    thinkingBlockProblem(body.thinking, messages) ??
    anthropicParamsProblem(body, betas);
  if (problem !== undefined) return problem;
  if (messages.length === 0) return { message: "messages: at least one message is required" };
  return undefined;
}

/** The media types a base64 image source takes, in the API's wording. */
const IMAGE_MEDIA_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"];

/** The first block of `content` (at `path`, and blocks nested in a `tool_result`) missing a required field. */
function contentFieldProblem(content: unknown, path: string): RequestProblem | undefined {
  if (!Array.isArray(content)) return undefined;
  for (let j = 0; j < content.length; j++) {
    const block: unknown = content[j];
    if (!isObject(block)) continue;
    const problem = blockProblem(block, `${path}.${j}`);
    if (problem !== undefined) return problem;
    if (block.type === "tool_result") {
      const nested = contentFieldProblem(block.content, `${path}.${j}.tool_result.content`);
      if (nested !== undefined) return nested;
    }
  }
  return undefined;
}

/**
 * A block's own field rules, each as the API words it (the block's path, its type, the field):
 * - `thinking` needs `thinking` (LibreChat-AI/agents#279: "messages.N.content.M.thinking.thinking:
 *   Field required") and `signature` (justlovemaki/AIClient2API#437, lbjlaq/Antigravity-Manager#1650:
 *   "messages.1.content.0.thinking.signature: Field required"); an empty signature is a present
 *   field (compatible servers take `signature: ""`; Anthropic checks its value, not modeled here);
 * - `redacted_thinking` needs `data` (diegosouzapw/OmniRoute#2191: "messages.0.content.0.redacted_thinking.data:
 *   Field required");
 * - `tool_use`'s `input` is an object (anthropics/anthropic-sdk-typescript#648, anthropics/claude-code#6696:
 *   "messages.3.content.1.tool_use.input: Input should be a valid dictionary");
 * - a base64 image is JPEG, PNG, GIF or WebP, inside a tool result too (anthropics/claude-code#5955:
 *   "messages.62.content.0.tool_result.content.0.image.source.base64.media_type: Input should be
 *   'image/jpeg', 'image/png', 'image/gif' or 'image/webp'").
 */
function blockProblem(block: Json, at: string): RequestProblem | undefined {
  switch (block.type) {
    case "thinking":
      if (block.thinking === undefined) return { message: `${at}.thinking.thinking: Field required` };
      if (block.signature === undefined) return { message: `${at}.thinking.signature: Field required` };
      return undefined;
    case "redacted_thinking":
      return block.data === undefined ? { message: `${at}.redacted_thinking.data: Field required` } : undefined;
    case "tool_use":
      return block.input !== undefined && !isObject(block.input) ? { message: `${at}.tool_use.input: Input should be a valid dictionary` } : undefined;
    case "image": {
      const source = block.source;
      if (!isObject(source) || source.type !== "base64" || IMAGE_MEDIA_TYPES.includes(String(source.media_type))) return undefined;
      return { message: `${at}.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'` };
    }
    default:
      return undefined;
  }
}

/**
 * The second block of `type` in the request carrying an id (`key`) an earlier one carried, in the
 * API's words for it (`at`: "messages.N.content.M", where the repeat is):
 * - `tool_use` ids are unique across the request, also when the repeat is in a later turn
 *   (trycua/cua#524, anthropics/claude-code#20901: "messages.1.content.1: `tool_use` ids must be
 *   unique"; NVIDIA-NeMo/Switchyard#502: a backend reusing ids across responses);
 * - a `tool_use` has one `tool_result` (sipeed/picoclaw#1793: "each tool_use must have a single
 *   result. Found multiple `tool_result` blocks with id"; the message as reported in full:
 *   "messages.4.content.1: each tool_use must have a single result. Found multiple `tool_result`
 *   blocks with id: toolu_…").
 */
function repeatedIdProblem(messages: readonly unknown[], type: string, key: string, message: (at: string, id: string) => string): RequestProblem | undefined {
  const seen = new Set<string>();
  for (let i = 0; i < messages.length; i++) {
    const content = isObject(messages[i]) ? (messages[i] as Json).content : undefined;
    if (!Array.isArray(content)) continue;
    for (let j = 0; j < content.length; j++) {
      const block: unknown = content[j];
      if (!isObject(block) || block.type !== type || typeof block[key] !== "string") continue;
      const id = block[key] as string;
      if (seen.has(id)) return { message: message(`messages.${i}.content.${j}`, id) };
      seen.add(id);
    }
  }
  return undefined;
}

const THINKING_BLOCKS = new Set(["thinking", "redacted_thinking"]);
/** Blocks a response opens with before its thinking, sent back in place: a `fallback` boundary, a `compaction` summary. */
const OPENING_MARKERS = new Set(["fallback", "compaction"]);

/**
 * Where the Messages API takes thinking blocks, each rule only as far as observed 400s show it:
 * - thinking on (`thinking.type` `enabled`, or `adaptive`): an assistant message (any, not only the
 *   last) holding a thinking or redacted thinking block starts with one (anthropics/claude-code#20705,
 *   lbjlaq/Antigravity-Manager#653: "messages.51.content.0: If an assistant message contains any
 *   thinking blocks, the first block must be thinking or redacted_thinking. Found text."), a
 *   leading `fallback` or `compaction` block aside (the API opens a response with those before its
 *   thinking, and a `fallback` block goes back "in its original position");
 * - thinking on: the request's final message, when an assistant one (a prefill), does not end with a
 *   `thinking` block (tailcallhq/forgecode#2107; router-for-me/CLIProxyAPI#5322 measured it on the
 *   trailing message only, earlier turns ending in thinking pass; iii-hq/workers#463 under adaptive
 *   thinking: "messages.1: The final block in an assistant message cannot be `thinking`.");
 * - thinking `enabled` (a budget; not `adaptive`, where the model decides whether to think at all):
 *   while a tool loop is open (the final turn is a user turn holding `tool_result` blocks), the
 *   assistant turn it belongs to starts with a thinking or redacted thinking block: "messages.1.content.0.type:
 *   Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a
 *   final `assistant` message must start with a thinking block …" (anomalyco/opencode#3077 on Bedrock
 *   and Vertex AI, deepset-ai/haystack-core-integrations#2146 on the Claude API; the index is the
 *   assistant message's, the API's spelling "preceeding" kept). That turn opens after the last user
 *   turn holding no `tool_result`: a loop's later steps carry no thinking (Claude "will not output
 *   another thinking block until after the next non-tool_result user turn", Anthropic's
 *   extended-thinking-with-tool-use cookbook), and requests ending in them pass;
 * A trailing `redacted_thinking` block is left to pass: no observed answer refuses one. Not enforced
 * (yet): with thinking off, the API also refuses a final assistant message holding any `thinking`
 * block ("When thinking is disabled, an `assistant` message in the final position cannot contain
 * `thinking`…", tailcallhq/forgecode#1853): the Anthropic provider drops such blocks when it sends
 * thinking off (`request.prefill-thinking`), but `toMessagesRequest` alone, whose output the
 * property tests validate here, does not know the thinking setting.
 */
function thinkingBlockProblem(thinking: unknown, messages: readonly unknown[]): RequestProblem | undefined {
  const on = isObject(thinking) && (thinking.type === "enabled" || thinking.type === "adaptive");
  if (on) {
    for (let i = 0; i < messages.length; i++) {
      const message = messages[i];
      const content = isObject(message) && message.role === "assistant" ? blocks(message.content) : [];
      // A fallback boundary or a compaction summary opens a response before its thinking (the API's own order).
      const first = content.find((block) => !OPENING_MARKERS.has(String(block.type)));
      if (first !== undefined && !THINKING_BLOCKS.has(String(first.type)) && content.some((block) => THINKING_BLOCKS.has(String(block.type)))) {
        return { message: `messages.${i}.content.0: If an assistant message contains any thinking blocks, the first block must be thinking or redacted_thinking. Found ${String(first.type)}.` };
      }
    }
  }
  const loop = openLoopProblem(thinking, messages);
  if (loop !== undefined) return loop;
  const final = messages.length - 1;
  const last = messages[final];
  const content = on && isObject(last) && last.role === "assistant" ? blocks(last.content) : [];
  if (content.at(-1)?.type === "thinking") return { message: `messages.${final}: The final block in an assistant message cannot be \`thinking\`.` };
  return undefined;
}

/** Thinking `enabled` with a tool loop open: the assistant turn it belongs to (after the last user turn without tool results) starts with thinking. */
function openLoopProblem(thinking: unknown, messages: readonly unknown[]): RequestProblem | undefined {
  if (!isObject(thinking) || thinking.type !== "enabled") return undefined;
  const turns = mergedTurns(messages);
  const results = (turn: Turn | undefined) => turn?.role === "user" && turn.content.some((block) => block.type === "tool_result");
  if (!results(turns[turns.length - 1])) return undefined;
  let start = 0;
  for (let i = turns.length - 1; i >= 0; i--) {
    if (turns[i]?.role === "user" && !results(turns[i])) {
      start = i + 1;
      break;
    }
  }
  const answered = turns.slice(start).find((turn) => turn.role === "assistant");
  if (answered === undefined) return undefined;
  const first = answered.content.find((block) => !OPENING_MARKERS.has(String(block.type)))?.type;
  if (THINKING_BLOCKS.has(String(first))) return undefined;
  return {
    message: `messages.${answered.index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`,
  };
}

/** A turn as the API reads it: consecutive messages of one role combined, named by its first message's index. */
interface Turn {
  role: unknown;
  index: number;
  content: Json[];
}

/** "Consecutive `user` or `assistant` turns in your request will be combined into a single turn" (`MessageCreateParams.messages`). */
function mergedTurns(messages: readonly unknown[]): Turn[] {
  const turns: Turn[] = [];
  messages.forEach((message, index) => {
    if (!isObject(message)) return;
    const content = typeof message.content === "string" ? [{ type: "text", text: message.content }] : blocks(message.content);
    const last = turns[turns.length - 1];
    if (last !== undefined && last.role === message.role) last.content.push(...content);
    else turns.push({ role: message.role, index, content });
  });
  return turns;
}

/**
 * Every `tool_use` answered by a `tool_result` at the start of the next turn, and every
 * `tool_result` answering a `tool_use` of the turn before: checked on the combined turns, so
 * results split over consecutive user messages pass, as they do on the real API.
 */
function toolPairingProblem(turns: readonly Turn[]): RequestProblem | undefined {
  for (let t = 0; t < turns.length; t++) {
    const turn = turns[t] as Turn;
    const uses = turn.content.filter((block) => block.type === "tool_use").map((block) => String(block.id));
    if (uses.length > 0 && turn.role === "assistant") {
      const next = turns[t + 1];
      const nextContent = next !== undefined && next.role === "user" ? next.content : [];
      const leading = nextContent.slice(0, uses.length).filter((block) => block.type === "tool_result").map((block) => String(block.tool_use_id));
      const missing = uses.filter((id) => !nextContent.some((block) => block.type === "tool_result" && block.tool_use_id === id));
      if (missing.length > 0) {
        return { message: `messages.${turn.index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.` };
      }
      if (leading.length < uses.length) {
        return { message: `messages.${next?.index ?? turn.index + 1}: Did not find ${uses.length} tool_result block(s) at the beginning of this message. Messages following tool_use blocks must begin with a matching number of tool_result blocks.` };
      }
    }
    if (turn.role === "user") {
      const previous = turns[t - 1];
      const previousUses = previous !== undefined && previous.role === "assistant" ? previous.content.filter((block) => block.type === "tool_use").map((block) => block.id) : [];
      const index = turn.content.findIndex((block) => block.type === "tool_result" && !previousUses.includes(block.tool_use_id));
      const stray = turn.content[index];
      if (stray !== undefined) {
        return { message: `messages.${turn.index}.content.${index}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(stray.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.` };
      }
    }
  }
  return undefined;
}
