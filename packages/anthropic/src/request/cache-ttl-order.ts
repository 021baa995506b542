import type { CacheControlEphemeral, ContentBlockParam, MessageParam, TextBlockParam, ToolUnion } from "@anthropic-ai/sdk/resources/messages";

/** The fields {@link withOrderedCacheTtls} reads and may rebuild. */
interface TtlParams {
  cache_control?: CacheControlEphemeral | null | undefined;
  system?: string | TextBlockParam[] | undefined;
  tools?: ToolUnion[] | undefined;
  messages: MessageParam[];
}

const ONE_HOUR = "1h";

/** Whether a block carries a breakpoint whose lifetime is one hour. */
function isLong(control: unknown): boolean {
  return typeof control === "object" && control !== null && (control as { ttl?: unknown }).ttl === ONE_HOUR;
}

function controlOf(value: unknown): CacheControlEphemeral | undefined {
  const control = (value as { cache_control?: unknown } | null)?.cache_control;
  return typeof control === "object" && control !== null ? (control as CacheControlEphemeral) : undefined;
}

/** `value` with its breakpoint raised to one hour, when it has a shorter one and `raise` is set. */
function raised<T>(value: T, raise: boolean): T {
  const control = controlOf(value);
  if (!raise || control === undefined || isLong(control)) return value;
  return { ...value, cache_control: { ...control, ttl: ONE_HOUR } };
}

/**
 * The Messages API rejects a one-hour breakpoint that comes after a shorter one ("ttl='1h'
 * cache_control must not come after ttl='5m'"; the prefix runs tools → system → messages, a tool
 * result's inner blocks before the result itself; a top-level automatic `cache_control` at its
 * end). Every breakpoint before the last one-hour breakpoint is raised to one hour, as pydantic-ai does in its recorded, accepted requests (an
 * earlier 5-minute system breakpoint sent as `1h` when a later user block has `1h`). Returns
 * `params` itself when nothing needs raising; otherwise new objects along the changed paths.
 */
export function withOrderedCacheTtls<T extends TtlParams>(params: T): T {
  // Walk the prefix backwards: `later` is whether a one-hour breakpoint follows the current position.
  // The top-level (automatic) breakpoint sits on the request's last cacheable block: the end of the prefix.
  let later = isLong(params.cache_control);
  let changed = false;
  const visit = <V>(value: V): V => {
    const out = raised(value, later);
    if (out !== value) changed = true;
    if (isLong(controlOf(value))) later = true;
    return out;
  };

  const messages = [...params.messages];
  for (let t = messages.length - 1; t >= 0; t--) {
    const turn = messages[t] as MessageParam;
    if (typeof turn.content === "string") continue;
    const content = [...turn.content];
    for (let b = content.length - 1; b >= 0; b--) {
      let block = visit(content[b] as ContentBlockParam);
      if (block.type === "tool_result" && Array.isArray(block.content)) {
        const inner = [...block.content];
        for (let i = inner.length - 1; i >= 0; i--) inner[i] = visit(inner[i] as (typeof inner)[number]);
        block = { ...block, content: inner };
      }
      content[b] = block;
    }
    messages[t] = { ...turn, content } as MessageParam;
  }
  const system = Array.isArray(params.system) ? [...params.system] : params.system;
  if (Array.isArray(system)) for (let s = system.length - 1; s >= 0; s--) system[s] = visit(system[s] as TextBlockParam);
  const tools = params.tools === undefined ? undefined : [...params.tools];
  if (tools !== undefined) for (let i = tools.length - 1; i >= 0; i--) tools[i] = visit(tools[i] as ToolUnion);

  if (!changed) return params;
  return { ...params, messages, ...(system !== undefined && { system }), ...(tools !== undefined && { tools }) };
}
