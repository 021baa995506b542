import type { CacheControlEphemeral, ContentBlockParam, MessageParam, TextBlockParam, ToolUnion } from "@anthropic-ai/sdk/resources/messages";
import { withOrderedCacheTtls } from "./cache-ttl-order.js";

/** Prompt caching breakpoints to add (see {@link withCacheBreakpoints}); `true` means `{}`. */
export interface PromptCachingOptions {
  /** The cache lifetime of every breakpoint added (the API's default, 5 minutes, when unset). */
  ttl?: CacheControlEphemeral["ttl"];
}

/** The request fields prompt caching marks. */
export interface CacheableParams {
  /** Automatic caching: the API puts this breakpoint on the request's last cacheable block. */
  cache_control?: CacheControlEphemeral | null | undefined;
  system?: string | TextBlockParam[] | undefined;
  tools?: ToolUnion[] | undefined;
  messages: MessageParam[];
}

/** The most breakpoints the Messages API takes in one request. */
export const MAX_CACHE_BREAKPOINTS = 4;

/** User-turn block types that take `cache_control` (thinking blocks do not; empty text cannot). */
const CACHEABLE = new Set(["text", "image", "document", "tool_result", "search_result"]);

/**
 * Adds Anthropic prompt caching breakpoints (`cache_control: { type: "ephemeral", ttl? }`) where
 * Anthropic's prompt caching guide puts them for a conversation that grows turn by turn. The cache
 * prefix runs tools → system → messages, so, in this order of priority:
 * 1. the last tool definition (caches every tool);
 * 2. the last system block (caches tools and system);
 * 3. the last block of the last user turn (the whole conversation so far: the next request reads
 *    it back);
 * 4. the last block of the user turn before it (where this request's cache read starts, so a turn
 *    longer than the API's lookback window still hits).
 * Breakpoints already in `params` (e.g. set through the provider's `params`, the top-level
 * automatic `cache_control` included) are kept and count against the API's limit of {@link MAX_CACHE_BREAKPOINTS}; no block gets a second one. Lifetimes
 * never grow along the prefix (the API rejects a `1h` breakpoint after a `5m` one): a breakpoint
 * before a one-hour one is raised to one hour, kept ones included. A string `system` becomes one
 * text block. Returns new objects; `params` is not changed.
 */
export function withCacheBreakpoints<T extends CacheableParams>(params: T, options: PromptCachingOptions = {}): T {
  const control: CacheControlEphemeral = { type: "ephemeral", ...(options.ttl !== undefined && { ttl: options.ttl }) };
  let room = MAX_CACHE_BREAKPOINTS - countBreakpoints(params);
  const take = (): boolean => room-- > 0;

  const tools = params.tools === undefined ? undefined : [...params.tools];
  const lastTool = tools?.[tools.length - 1];
  if (tools !== undefined && lastTool !== undefined && !hasControl(lastTool) && take()) {
    tools[tools.length - 1] = { ...lastTool, cache_control: control } as ToolUnion;
  }

  const system = typeof params.system === "string" ? (params.system === "" ? [] : [{ type: "text" as const, text: params.system }]) : params.system && [...params.system];
  const lastSystem = system?.[system.length - 1];
  if (system !== undefined && lastSystem !== undefined && !hasControl(lastSystem) && lastSystem.text !== "" && take()) {
    system[system.length - 1] = { ...lastSystem, cache_control: control };
  }

  const messages = [...params.messages];
  const userTurns = messages.flatMap((turn, index) => (turn.role === "user" ? [index] : []));
  for (const index of userTurns.slice(-2).reverse()) {
    const marked = markLastBlock(messages[index] as MessageParam, control, take);
    if (marked !== undefined) messages[index] = marked;
  }

  return withOrderedCacheTtls({
    ...params,
    ...(tools !== undefined && { tools }),
    ...(system !== undefined && { system }),
    messages,
  });
}

function markLastBlock(turn: MessageParam, control: CacheControlEphemeral, take: () => boolean): MessageParam | undefined {
  const content: ContentBlockParam[] = typeof turn.content === "string" ? (turn.content === "" ? [] : [{ type: "text", text: turn.content }]) : [...turn.content];
  const last = content[content.length - 1];
  if (last === undefined || !CACHEABLE.has(last.type) || hasControl(last)) return undefined;
  if (last.type === "text" && last.text === "") return undefined;
  if (!take()) return undefined;
  content[content.length - 1] = { ...last, cache_control: control } as ContentBlockParam;
  return { ...turn, content } as MessageParam;
}

function hasControl(value: object): boolean {
  const control = (value as { cache_control?: unknown }).cache_control;
  return control !== undefined && control !== null;
}

function countBreakpoints(params: CacheableParams): number {
  // A top-level (automatic) breakpoint takes one of the 4 slots ("A maximum of 4 blocks with
  // cache_control may be provided. Found 5.", coder/mux#3112).
  let count = hasControl(params) ? 1 : 0;
  for (const tool of params.tools ?? []) if (hasControl(tool)) count++;
  if (Array.isArray(params.system)) for (const block of params.system) if (hasControl(block)) count++;
  for (const turn of params.messages) {
    if (typeof turn.content === "string") continue;
    for (const block of turn.content) {
      if (hasControl(block)) count++;
      // Blocks nested in a tool result can carry breakpoints too.
      if (block.type === "tool_result" && Array.isArray(block.content)) for (const inner of block.content) if (hasControl(inner)) count++;
    }
  }
  return count;
}
