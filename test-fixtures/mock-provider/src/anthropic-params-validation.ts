/**
 * The Anthropic Messages checks of strict mode on the request's parameters rather than its
 * messages, each with the API's own answer as reported:
 * - tool definitions: a custom tool's name matches `^[a-zA-Z0-9_-]{1,128}$`, and no two tools share
 *   a name;
 * - extended thinking (`thinking.type` `enabled`): a budget of at least 1024 tokens, below
 *   `max_tokens` (unless interleaved thinking is on);
 * - thinking on (`enabled` or `adaptive`): `temperature` only 1, and no `tool_choice` forcing a tool;
 * - at most 4 `cache_control` breakpoints in the request.
 */
import { blocks, isObject, type Json, type RequestProblem } from "./request-problem.js";

/** The 400 the Messages API would answer for `body`'s parameters, if any (`betas`: the request's `anthropic-beta` values). */
export function anthropicParamsProblem(body: Json, betas: readonly string[]): RequestProblem | undefined {
  return toolProblem(body.tools) ?? thinkingProblem(body, betas) ?? cacheControlProblem(body);
}

/** Anthropic's documented custom tool name rule, as the 400 quotes it. */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;

/**
 * - A custom tool (no `type`, or `custom`) is named by `^[a-zA-Z0-9_-]{1,128}$`
 *   (modelcontextprotocol/modelcontextprotocol#1345, jedisct1/openapi-mcp#9: "tools.16.custom.name:
 *   String should match pattern '^[a-zA-Z0-9_-]{1,128}$'"; the pattern was `{1,64}` before, as
 *   apify/tester-mcp-client#11 shows). Server tools have fixed names and are not checked.
 * - Tool names are unique, server tools counted (eclipse-theia/theia#16122,
 *   anthropics/claude-code#10687: "tools: Tool names must be unique."; danny-avila/LibreChat#13162:
 *   a custom `web_search` beside the server tool of that name).
 */
function toolProblem(tools: unknown): RequestProblem | undefined {
  const defined = blocks(tools);
  for (let i = 0; i < defined.length; i++) {
    const tool = defined[i] as Json;
    const custom = tool.type === undefined || tool.type === null || tool.type === "custom";
    if (custom && (typeof tool.name !== "string" || !TOOL_NAME.test(tool.name))) return { message: `tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'` };
  }
  const names = defined.map((tool) => tool.name);
  if (new Set(names).size < names.length) return { message: "tools: Tool names must be unique." };
  return undefined;
}

/**
 * The thinking rules on parameters:
 * - an `enabled` budget of at least 1024 tokens (themaximalist/llm.js#30:
 *   "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024");
 * - an `enabled` budget below `max_tokens` (router-for-me/CLIProxyAPI#413,
 *   liuw1535/antigravity2api-nodejs#149: "`max_tokens` must be greater than `thinking.budget_tokens`.
 *   Please consult our documentation at …#max-tokens-and-context-window-size"), except with the
 *   `interleaved-thinking-2025-05-14` beta, under which the budget may exceed `max_tokens` (Building
 *   with extended thinking, "Interleaved thinking");
 * - thinking on: `temperature` only 1 (dotCipher/opencode-claude-bridge#1, verified against the
 *   API: "temperature may only be set to 1 when thinking is enabled or in adaptive mode"; the
 *   wording before adaptive thinking, MartialBE/one-hub#529: "`temperature` may only be set to 1
 *   when thinking is enabled. Please consult our documentation at …");
 * - thinking on: `tool_choice` `any` or `tool` refused (mastra-ai/mastra#7507, can1357/oh-my-pi#341:
 *   "Thinking may not be enabled when tool_choice forces tool use."; Building with extended
 *   thinking: thinking is not compatible with forced tool use).
 */
function thinkingProblem(body: Json, betas: readonly string[]): RequestProblem | undefined {
  const thinking = body.thinking;
  if (!isObject(thinking) || (thinking.type !== "enabled" && thinking.type !== "adaptive")) return undefined;
  if (thinking.type === "enabled" && typeof thinking.budget_tokens === "number") {
    if (thinking.budget_tokens < 1024) return { message: "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024" };
    // The beta comes as the `anthropic-beta` header, or in the body on Bedrock (`anthropic_beta`).
    const bodyBetas = Array.isArray(body.anthropic_beta) ? body.anthropic_beta.map(String) : [];
    const interleaved = [...betas, ...bodyBetas].some((beta) => beta.startsWith("interleaved-thinking-"));
    if (!interleaved && typeof body.max_tokens === "number" && body.max_tokens <= thinking.budget_tokens) {
      return { message: "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size" };
    }
  }
  if (body.temperature !== undefined && body.temperature !== null && body.temperature !== 1) return { message: "`temperature` may only be set to 1 when thinking is enabled or in adaptive mode." };
  const choice = body.tool_choice;
  if (isObject(choice) && (choice.type === "any" || choice.type === "tool")) return { message: "Thinking may not be enabled when tool_choice forces tool use." };
  return undefined;
}

/** The API's limit on blocks with `cache_control` in one request. */
const MAX_CACHE_BREAKPOINTS = 4;

/**
 * At most 4 breakpoints (tghamm/Anthropic.SDK#50, Wei-Shaw/sub2api#176: "A maximum of 4 blocks with
 * cache_control may be provided. Found 5."), counted over tool definitions, system blocks, message
 * blocks and the blocks inside a tool result; a top-level (automatic) `cache_control` takes one of
 * the slots too (coder/mux#3112, as the Anthropic provider's prompt caching counts it).
 */
function cacheControlProblem(body: Json): RequestProblem | undefined {
  const marked = (value: unknown): number => (isObject(value) && value.cache_control !== undefined && value.cache_control !== null ? 1 : 0);
  let count = marked(body);
  for (const tool of blocks(body.tools)) count += marked(tool);
  for (const block of blocks(body.system)) count += marked(block);
  for (const message of blocks(body.messages)) {
    for (const block of blocks(message.content)) {
      count += marked(block);
      if (block.type === "tool_result") for (const inner of blocks(block.content)) count += marked(inner);
    }
  }
  return count > MAX_CACHE_BREAKPOINTS ? { message: `A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${count}.` } : undefined;
}
