import { itemArguments } from "./classify-output-item.js";
import { asString } from "./narrow.js";
import { findItem, type ResponsesStreamState, type ToolItem } from "./responses-stream-state.js";

/** The code a code interpreter call streamed so far (`response.code_interpreter_call_code.delta`). */
export interface StreamedCode {
  /** Code whose JSON-escaped text went out as TOOL_CALL_ARGS. */
  sent: string;
  /** A trailing high surrogate held back until the delta with its low half (escaping must not split the pair). */
  held: string;
}

const CODE_PREFIX = '{"code":"';

/**
 * `response.code_interpreter_call_code.delta` → TOOL_CALL_ARGS as the code is written: the call's
 * arguments are the JSON `{"code":"…", <its other input fields>}`, so the first delta opens that
 * object and each delta adds its code JSON-escaped; `output_item.done` closes it
 * ({@link finalCodeArguments}). The finished arguments are the same JSON as when only the finished
 * item is read.
 */
export function handleCodeDelta(state: ResponsesStreamState, event: Record<string, unknown>): void {
  const item = findItem(state, event);
  const delta = asString(event.delta);
  if (item?.kind !== "tool" || item.itemType !== "code_interpreter_call" || delta === undefined || delta === "") return;
  if (item.streamed || !state.run.isToolCallOpen(item.toolCallId)) return;
  const code = item.code ?? { sent: "", held: "" };
  const text = code.held + delta;
  const last = text.charCodeAt(text.length - 1);
  const hold = last >= 0xd800 && last <= 0xdbff ? 1 : 0;
  const ready = text.slice(0, text.length - hold);
  code.held = text.slice(text.length - hold);
  item.code = code;
  if (ready === "") return;
  state.run.toolCallArgs(item.toolCallId, `${code.sent === "" ? CODE_PREFIX : ""}${escaped(ready)}`);
  code.sent += ready;
}

/**
 * The rest of the arguments of a code interpreter call whose code streamed: the finished item's
 * code after what was sent, then its other input fields (`container_id`, …). When the finished
 * code does not continue what streamed, the streamed code stands (what went out cannot be taken
 * back), so the arguments are valid JSON either way.
 */
export function finalCodeArguments(tool: ToolItem & { code: StreamedCode }, done: Record<string, unknown>): string {
  const finished = asString(done.code);
  const code = finished !== undefined && finished.startsWith(tool.code.sent) ? finished : tool.code.sent + tool.code.held;
  const others = itemArguments({ ...done, code: undefined });
  const full = `{"code":${JSON.stringify(code)}${others === "{}" ? "}" : `,${others.slice(1)}`}`;
  return full.slice(CODE_PREFIX.length + escaped(tool.code.sent).length);
}

function escaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
