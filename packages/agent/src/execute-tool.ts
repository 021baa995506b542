import { describeError, isRecord, redactSecrets, UNDESCRIBABLE_MESSAGE, type BridgeMetadata } from "@agui-bridge/core/adapter";
import type { AgentTool, ToolExecuteContext } from "./types.js";
import { validateAgainstSchema } from "./validate-args.js";

/** Why a tool call was answered with an error instead of a result. */
export type ToolErrorCode = "invalid_arguments" | "unknown_tool" | "execution_failed" | "denied" | "cancelled" | "subagent_failed" | "not_run";

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

/** A tool's return value as tool-result content (strings as they are, anything else as JSON). */
export function resultContent(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  const json = JSON.stringify(value);
  if (json === undefined) throw new Error("the tool returned a value that cannot be sent as JSON");
  return json;
}

/**
 * Runs a server tool's `execute`, racing the run's abort signal: returns the answer (an error
 * answer when it throws, whatever it throws, or returns something unsendable), or
 * {@link ABORTED}. Never rejects.
 */
export async function executeTool(
  tool: AgentTool<any>,
  args: Record<string, unknown>,
  context: ToolExecuteContext,
  extra: BridgeMetadata = {},
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
    return { content: resultContent(outcome.value), fields: { ...extra } };
  } catch (error) {
    if (signal.aborted) return ABORTED;
    // Whatever was thrown (an object without a prototype, a throwing toString): described, never rethrown.
    const { message } = describeError(error);
    return errorAnswer("execution_failed", message === UNDESCRIBABLE_MESSAGE ? "the tool threw a value that could not be described" : message, extra);
  } finally {
    if (onAbort !== undefined) signal.removeEventListener("abort", onAbort);
  }
}

