/**
 * The one rule for OpenAI's internal parallel-call wrapper, which models sometimes emit as an
 * ordinary function call although no such tool was declared: on the Responses API a call named
 * `parallel` (gpt-5.x, vercel/ai#19067), on Chat Completions `multi_tool_use.parallel` (gpt-4o,
 * vercel/ai#2786), with the arguments
 * `{"tool_uses":[{"recipient_name":"functions.<name>","parameters":{…}},…]}`. The Responses and
 * the Chat stream mappers hold such a call until it is finished and, when it bundles calls of
 * declared tools, write those calls instead (responses-stream/parallel-wrapper.ts,
 * chat-stream/chat-parallel-wrapper.ts).
 */

/** The names the wrapper comes under (Responses: `parallel`; Chat Completions: `multi_tool_use.parallel`). */
const WRAPPER_NAMES: ReadonlySet<string> = new Set(["parallel", "multi_tool_use.parallel"]);

/** What a bundled call's `recipient_name` starts with (a function tool). */
const RECIPIENT_PREFIX = "functions.";

/**
 * How much argument text a held wrapper keeps (characters, like the Chat side's nameless-call
 * hold): past it the call goes out as the plain call it is, with what it held, and streams on.
 */
export const MAX_HELD_WRAPPER_LENGTH = 1 << 20;

/** The stream option naming the request's declared client tools (AG-UI `RunAgentInput.tools` fits as is). */
export interface DeclaredToolsOption {
  /**
   * The client tools the request declared (by name). Given, a call to OpenAI's internal
   * parallel-call wrapper (`parallel` / `multi_tool_use.parallel`, when no declared tool has that
   * name) is held until it is finished and expanded into the calls it bundles when every one names
   * a declared tool; otherwise it goes out as the plain call it is. Not given: every call goes
   * out as it streams. The provider factories pass their input's tools.
   */
  declaredTools?: ReadonlyArray<{ readonly name: string }>;
}

/** The declared tool names of the option (entries without a string name are skipped), or undefined when not given. */
export function declaredToolNames(option: DeclaredToolsOption): Set<string> | undefined {
  const tools = option.declaredTools;
  if (tools === undefined) return undefined;
  const names = new Set<string>();
  for (const tool of tools) {
    const name: unknown = (tool as { name?: unknown } | null)?.name;
    if (typeof name === "string") names.add(name);
  }
  return names;
}

/** Whether a call named `name` is to be held as a possible wrapper: the declared tools are known and none has its name. */
export function isUndeclaredWrapperName(option: DeclaredToolsOption, name: string): boolean {
  if (!WRAPPER_NAMES.has(name)) return false;
  const declared = declaredToolNames(option);
  return declared !== undefined && !declared.has(name);
}

/**
 * The calls a wrapper's arguments bundle: an object whose `tool_uses` is a non-empty list of
 * objects, each with `recipient_name` `functions.<declared tool>` and an object `parameters`
 * (re-serialized as the call's arguments). Anything else: `undefined` (not a wrapper to expand).
 */
export function bundledCalls(text: string, declared: ReadonlySet<string>): Array<{ name: string; args: string }> | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(parsed)) return undefined;
  const uses = parsed.tool_uses;
  if (!Array.isArray(uses) || uses.length === 0) return undefined;
  const calls: Array<{ name: string; args: string }> = [];
  for (const use of uses) {
    if (!isObject(use)) return undefined;
    const recipient = use.recipient_name;
    const parameters = use.parameters;
    if (typeof recipient !== "string" || !recipient.startsWith(RECIPIENT_PREFIX) || !isObject(parameters)) return undefined;
    const name = recipient.slice(RECIPIENT_PREFIX.length);
    if (name === "" || !declared.has(name)) return undefined;
    calls.push({ name, args: JSON.stringify(parameters) });
  }
  return calls;
}

/**
 * The named tools a request built from `input` declares, for {@link DeclaredToolsOption}: the
 * input's tools and the named entries of the extra `params.tools` (function and custom tools
 * added there; Chat's `{ type: "function", function: { name } }` form too).
 */
export function declaredRequestTools(inputTools: ReadonlyArray<{ name: string }> | undefined, params: { tools?: unknown } | undefined): Array<{ name: string }> {
  const extra = (Array.isArray(params?.tools) ? (params.tools as unknown[]) : []).flatMap((tool) => {
    const record = isObject(tool) ? tool : undefined;
    const name: unknown = record?.name ?? (isObject(record?.function) ? record.function.name : undefined);
    return typeof name === "string" ? [{ name }] : [];
  });
  return [...(inputTools ?? []), ...extra];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
