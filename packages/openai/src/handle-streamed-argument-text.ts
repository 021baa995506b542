import { itemArguments } from "./classify-output-item.js";
import { asRecord, asString } from "./narrow.js";
import { findItem, type ResponsesStreamState, type ToolItem } from "./responses-stream-state.js";

/**
 * One string field of a built-in call's arguments that streams as the model writes it (a code
 * interpreter call's `code`, an apply_patch call's `operation.diff`): its JSON-escaped text goes
 * out as TOOL_CALL_ARGS after `prefix`, the arguments' JSON up to the string's opening quote, and
 * the finished item closes the arguments (`rest`).
 */
export interface StreamedText {
  /** The arguments' JSON before the string's text, ending in its opening quote. */
  prefix: string;
  /** Text whose JSON-escaped form went out. */
  sent: string;
  /** A trailing high surrogate held back until the delta with its low half (escaping must not split the pair). */
  held: string;
  /** The finished item's full arguments JSON with `text` as the field's value (it begins with `prefix` + the escaped text). */
  full: (done: Record<string, unknown>, text: string) => string;
  /** The field's text in the finished item. */
  finished: (done: Record<string, unknown>) => string | undefined;
}

/**
 * `response.code_interpreter_call_code.delta` → TOOL_CALL_ARGS as the code is written, inside the
 * call's arguments `{"code":"…", <its other input fields>}`; the finished arguments are the same
 * JSON as when only the finished item is read.
 */
export function handleCodeDelta(state: ResponsesStreamState, event: Record<string, unknown>): void {
  streamDelta(state, event, "code_interpreter_call", () => ({
    prefix: '{"code":"',
    full: (done, code) => {
      const others = itemArguments({ ...done, code: undefined });
      return `{"code":${JSON.stringify(code)}${others === "{}" ? "}" : `,${others.slice(1)}`}`;
    },
    finished: (done) => asString(done.code),
  }));
}

/**
 * `response.apply_patch_call_operation_diff.delta` → TOOL_CALL_ARGS as the diff is written,
 * inside the call's arguments (its `operation`, `diff` last: `{"type":"create_file","path":…,"diff":"…"}`).
 */
export function handlePatchDiffDelta(state: ResponsesStreamState, event: Record<string, unknown>): void {
  streamDelta(state, event, "apply_patch_call", (tool) => {
    const fields = withoutDiff(tool.operation);
    return {
      prefix: JSON.stringify({ ...fields, diff: "" }).slice(0, -2),
      // Fields the finished operation adds go after the diff: what streamed is kept as the start.
      // (Written as text: an object would sort an index-like key before the diff.)
      full: (done, diff) => {
        const added = Object.entries(withoutDiff(asRecord(done.operation))).filter(([key]) => !Object.hasOwn(fields, key));
        const rest = JSON.stringify(Object.fromEntries(added));
        return `${JSON.stringify({ ...fields, diff }).slice(0, -1)}${rest === "{}" ? "}" : `,${rest.slice(1)}`}`;
      },
      finished: (done) => asString(asRecord(done.operation)?.diff),
    };
  });
}

/**
 * The rest of the arguments of a call whose field streamed: the finished text after what was
 * sent, then what follows the field. When the finished text does not continue what streamed, the
 * streamed text stands (what went out cannot be taken back), so the arguments are valid JSON.
 */
export function restOfArguments(text: StreamedText, done: Record<string, unknown>): string {
  const finished = text.finished(done);
  const value = finished !== undefined && finished.startsWith(text.sent) ? finished : text.sent + text.held;
  return text.full(done, value).slice(text.prefix.length + escaped(text.sent).length);
}

function streamDelta(
  state: ResponsesStreamState,
  event: Record<string, unknown>,
  itemType: string,
  open: (tool: ToolItem) => Pick<StreamedText, "prefix" | "full" | "finished">,
): void {
  const item = findItem(state, event);
  const delta = asString(event.delta);
  if (item?.kind !== "tool" || item.itemType !== itemType || delta === undefined || delta === "") return;
  if (item.streamed || !state.run.isToolCallOpen(item.toolCallId)) return;
  const text = item.streamedText ?? { ...open(item), sent: "", held: "" };
  item.streamedText = text;
  const all = text.held + delta;
  const last = all.charCodeAt(all.length - 1);
  const hold = last >= 0xd800 && last <= 0xdbff ? 1 : 0;
  const ready = all.slice(0, all.length - hold);
  text.held = all.slice(all.length - hold);
  if (ready === "") return;
  state.run.toolCallArgs(item.toolCallId, `${text.sent === "" ? text.prefix : ""}${escaped(ready)}`);
  text.sent += ready;
}

function withoutDiff(operation: Record<string, unknown> | undefined): Record<string, unknown> {
  const { diff: _diff, ...rest } = operation ?? {};
  return rest;
}

function escaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
