import { describeError, isRecord, redactSecrets, UNDESCRIBABLE_MESSAGE, type BridgeMetadata } from "@agui-bridge/core/adapter";
import { resultContent } from "./result-json.js";
import type { AgentTool, CreateAgentOptions, ToolExecuteContext } from "./types.js";
import { validateAgainstSchema } from "./validate-args.js";

/** Why a tool call was answered with an error instead of a result. */
export type ToolErrorCode =
  | "invalid_arguments"
  | "unknown_tool"
  | "execution_failed"
  | "result_too_large"
  | "denied"
  | "cancelled"
  | "subagent_failed"
  | "not_run";

/** The default {@link CreateAgentOptions.maxToolResultBytes}: 1 MB of UTF-8. */
export const DEFAULT_MAX_TOOL_RESULT_BYTES = 1_000_000;

/**
 * The largest tool result (UTF-8 bytes) sent to the model: `maxToolResultBytes` rounded down, at
 * least 0; the default when absent or NaN; `Infinity` is no cap.
 */
export function toolResultLimit(maxToolResultBytes: number | undefined): number {
  if (maxToolResultBytes === undefined || Number.isNaN(maxToolResultBytes)) return DEFAULT_MAX_TOOL_RESULT_BYTES;
  return Math.max(0, Math.floor(maxToolResultBytes));
}

/** What a tool call is answered with: the content the model sees and the result's bridge metadata. */
export interface ToolAnswer {
  content: string;
  fields: BridgeMetadata;
}

/** The call was aborted with the run. */
export const ABORTED: unique symbol = Symbol("aborted");

/** An error answer: the model sees `Error: <message>`; the metadata names the code. */
export function errorAnswer(code: ToolErrorCode, message: string, extra: BridgeMetadata = {}): ToolAnswer {
  const safe = redactSecrets(message);
  return { content: `Error: ${safe}`, fields: { ...extra, toolError: { code, message: safe } } };
}

/** Parses a tool call's JSON arguments into an object, or says why it cannot. */
export function parseArgs(raw: string): { ok: true; args: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = raw.trim() === "" ? {} : JSON.parse(raw);
  } catch (error) {
    return { ok: false, message: `the arguments are not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!isRecord(value)) return { ok: false, message: "the arguments must be a JSON object" };
  return { ok: true, args: value };
}

/** Checks parsed arguments against a tool's `parameters`; returns the problem, if any. */
export function argsProblem(tool: AgentTool<any>, args: Record<string, unknown>): string | undefined {
  const issues = validateAgainstSchema(args, tool.parameters ?? { type: "object" });
  return issues.length === 0 ? undefined : `invalid arguments: ${issues.slice(0, 5).join("; ")}`;
}

/** The UTF-8 length of a string, counted without encoding it (a lone surrogate is 3 bytes, as TextEncoder writes it). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** The answer to a result over the limit: an error the model can act on, the result itself not sent. */
export function oversizeAnswer(content: string, limit: number, extra: BridgeMetadata = {}): ToolAnswer | undefined {
  // A UTF-16 code unit is at most 3 UTF-8 bytes: a short enough string fits without counting.
  if (!Number.isFinite(limit) || content.length * 3 <= limit) return undefined;
  const bytes = utf8Length(content);
  if (bytes <= limit) return undefined;
  return errorAnswer(
    "result_too_large",
    `the result is ${bytes} bytes, over the ${limit}-byte limit for a tool result, so it was not sent; call the tool again asking for less (a narrower query, fewer fields, a page of the results)`,
    extra,
  );
}

/**
 * The one rule for what size of tool result reaches the model: `reply` as it is, or, when its
 * content is over `maxToolResultBytes`, the `result_too_large` error answer (same metadata
 * fields). Applied to every result the agent emits (its tools', its subagents' answers, frontend
 * results given in `resume`) and, in the provider's view, to the tool messages of the input.
 */
export function capAnswer(reply: ToolAnswer, options: Pick<CreateAgentOptions, "maxToolResultBytes">): ToolAnswer {
  return oversizeAnswer(reply.content, toolResultLimit(options.maxToolResultBytes), reply.fields) ?? reply;
}

/**
 * Runs a server tool's `execute`, racing the run's abort signal: returns the answer (an error
 * answer when it throws, whatever it throws, or returns something unsendable or over
 * `maxToolResultBytes`), or
 * {@link ABORTED}. Never rejects.
 */
export async function executeTool(
  tool: AgentTool<any>,
  args: Record<string, unknown>,
  context: ToolExecuteContext,
  extra: BridgeMetadata = {},
  options: Pick<CreateAgentOptions, "maxToolResultBytes"> = {},
): Promise<ToolAnswer | typeof ABORTED> {
  const { signal } = context;
  if (signal.aborted) return ABORTED;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<typeof ABORTED>((resolve) => {
    onAbort = () => resolve(ABORTED);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    const work = (async () => tool.execute(args, context))();
    const outcome = await Promise.race([work.then((value) => ({ value })), aborted]);
    if (outcome === ABORTED) {
      work.catch(() => undefined);
      return ABORTED;
    }
    return capAnswer({ content: resultContent(outcome.value), fields: { ...extra } }, options);
  } catch (error) {
    if (signal.aborted) return ABORTED;
    // Whatever was thrown (an object without a prototype, a throwing toString): described, never rethrown.
    const { message } = describeError(error);
    return errorAnswer("execution_failed", message === UNDESCRIBABLE_MESSAGE ? "the tool threw a value that could not be described" : message, extra);
  } finally {
    if (onAbort !== undefined) signal.removeEventListener("abort", onAbort);
  }
}

