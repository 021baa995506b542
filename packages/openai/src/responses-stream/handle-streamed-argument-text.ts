import { itemArguments } from "./classify-output-item.js";
import { asArray, asRecord, asString } from "../narrow.js";
import { findItem, type ResponsesStreamState, type ToolItem } from "./responses-stream-state.js";

/**
 * String fields of a built-in call's arguments that stream as the model writes them: one string
 * (a code interpreter call's `code`, an apply_patch call's `operation.diff`) or a list of them (a
 * shell call's `action.commands`, one command after the other). Their JSON-escaped text goes out
 * as TOOL_CALL_ARGS after `prefix`, the arguments' JSON up to the first string's opening quote
 * (`","` between two strings of a list), and the finished item closes the arguments (`rest`).
 */
export interface StreamedText {
  /** The arguments' JSON before the first string's text, ending in its opening quote. */
  prefix: string;
  /** The text of each string whose JSON-escaped form went out, in order (the last one may go on). */
  sent: string[];
  /** A trailing high surrogate of the last string, held back until the text with its low half (escaping must not split the pair). */
  held: string;
  /** How much of the arguments' JSON went out (its length). */
  written: number;
  /** The finished item's full arguments JSON with `texts` as the field's strings (it begins with what went out). */
  full: (done: Record<string, unknown>, texts: readonly string[]) => string;
  /** The field's strings in the finished item. */
  finished: (done: Record<string, unknown>) => readonly string[] | undefined;
}

type Framing = Pick<StreamedText, "prefix" | "full" | "finished">;

/**
 * `response.code_interpreter_call_code.delta` → TOOL_CALL_ARGS as the code is written, inside the
 * call's arguments `{"code":"…", <its other input fields>}`; the finished arguments are the same
 * JSON as when only the finished item is read.
 */
export function handleCodeDelta(state: ResponsesStreamState, event: Record<string, unknown>): void {
  streamDelta(state, event, "code_interpreter_call", () => ({
    prefix: '{"code":"',
    full: (done, [code = ""]) => {
      const others = itemArguments({ ...done, code: undefined });
      return `{"code":${JSON.stringify(code)}${others === "{}" ? "}" : `,${others.slice(1)}`}`;
    },
    finished: (done) => listOf(asString(done.code)),
  }));
}

/**
 * `response.apply_patch_call_operation_diff.delta` → TOOL_CALL_ARGS as the diff is written,
 * inside the call's arguments (its `operation`, `diff` last: `{"type":"create_file","path":…,"diff":"…"}`).
 */
export function handlePatchDiffDelta(state: ResponsesStreamState, event: Record<string, unknown>): void {
  streamDelta(state, event, "apply_patch_call", (tool) => {
    const fields = withoutDiff(asRecord(tool.announced?.operation));
    return {
      prefix: JSON.stringify({ ...fields, diff: "" }).slice(0, -2),
      // Fields the finished operation adds go after the diff: what streamed is kept as the start.
      // (Written as text: an object would sort an index-like key before the diff.)
      full: (done, [diff = ""]) => {
        const added = Object.entries(withoutDiff(asRecord(done.operation))).filter(([key]) => !Object.hasOwn(fields, key));
        const rest = JSON.stringify(Object.fromEntries(added));
        return `${JSON.stringify({ ...fields, diff }).slice(0, -1)}${rest === "{}" ? "}" : `,${rest.slice(1)}`}`;
      },
      finished: (done) => listOf(asString(asRecord(done.operation)?.diff)),
    };
  });
}

/**
 * `response.shell_call_command.delta` → TOOL_CALL_ARGS as the command is written, inside the
 * call's arguments (`{"commands":["…","…"],…}` for a client-run call, `{"action":{"commands":[…],…},…}`
 * for a hosted one): the events name the call by `output_index` only, the command by `command_index`.
 */
export function handleShellCommandDelta(state: ResponsesStreamState, event: Record<string, unknown>): void {
  const delta = asString(event.delta);
  if (delta !== undefined) streamShellCommand(state, event, () => delta);
}

/**
 * `response.shell_call_command.added` (the command's first text, usually empty) and `.done` (all of
 * it): the text beyond what went out for that command. A `.done` that does not continue what
 * streamed adds nothing (the streamed text stands; the finished item closes the arguments).
 */
export function handleShellCommandText(state: ResponsesStreamState, event: Record<string, unknown>): void {
  const command = asString(event.command);
  if (command === undefined) return;
  streamShellCommand(state, event, (sent) => (sent === undefined ? command : command.startsWith(sent) ? command.slice(sent.length) : undefined));
}

/**
 * The rest of the arguments of a call whose strings streamed: the finished strings after what was
 * sent, then what follows the field. When the finished strings do not continue what streamed, the
 * streamed text stands (what went out cannot be taken back), so the arguments are valid JSON.
 */
export function restOfArguments(text: StreamedText, done: Record<string, unknown>): string {
  const finished = text.finished(done);
  const value = finished !== undefined && continues(finished, text.sent) ? finished : withHeld(text);
  return text.full(done, value).slice(text.written);
}

/** A delta of a call's one streamed string (code, diff). */
function streamDelta(state: ResponsesStreamState, event: Record<string, unknown>, itemType: string, open: (tool: ToolItem) => Framing): void {
  const tool = toolOf(state, event, itemType);
  const delta = asString(event.delta);
  if (tool !== undefined && delta !== undefined && delta !== "") writeText(state, tool, 0, delta, () => open(tool));
}

/** The tracked call of `itemType` an event names. */
function toolOf(state: ResponsesStreamState, event: Record<string, unknown>, itemType: string): ToolItem | undefined {
  const item = findItem(state, event);
  return item?.kind === "tool" && item.itemType === itemType ? item : undefined;
}

function streamShellCommand(state: ResponsesStreamState, event: Record<string, unknown>, textAfter: (sent: string | undefined) => string | undefined): void {
  const tool = toolOf(state, event, "shell_call");
  const index = event.command_index;
  if (tool === undefined || typeof index !== "number") return;
  const sent = tool.streamedText?.sent ?? [];
  // Only the command still streaming or the next one: an earlier command is finished, a later one
  // (a command skipped) would leave a hole in the list.
  if (index < 0 || (index !== sent.length - 1 && index !== sent.length)) return;
  const text = textAfter(index === sent.length ? undefined : `${sent[index]}${tool.streamedText?.held ?? ""}`);
  if (text !== undefined) writeText(state, tool, index, text, () => commandsFraming(tool));
}

/**
 * How a shell call's commands sit in its arguments: the JSON before the first command's text, read
 * off the call as announced (the arguments with `["a"]` and with `["b"]` differ first there). The
 * finished arguments are those of the finished item, unless a field before the commands changed
 * since (then the announced item's: what went out began with its fields).
 */
function commandsFraming(tool: ToolItem): Framing {
  const announced = tool.announced ?? {};
  const withCommands = (item: Record<string, unknown>, commands: readonly string[]): string =>
    itemArguments({ ...item, action: { ...asRecord(item.action), commands } });
  const a = withCommands(announced, ["a"]);
  const b = withCommands(announced, ["b"]);
  let at = 0;
  while (a.charCodeAt(at) === b.charCodeAt(at)) at += 1;
  const prefix = a.slice(0, at);
  return {
    prefix,
    full: (done, commands) => {
      const args = withCommands(done, commands);
      return args.startsWith(prefix) ? args : withCommands(announced, commands);
    },
    finished: (done) => {
      const commands = asArray(asRecord(done.action)?.commands);
      return commands?.every((command) => typeof command === "string") === true ? (commands as string[]) : undefined;
    },
  };
}

/**
 * Writes `text` as string `index` of the call's streamed field (the last one, or the next one: the
 * last is then finished, its held half going as it is): JSON-escaped, after the prefix before the
 * first string, after `","` before each later one.
 */
function writeText(state: ResponsesStreamState, tool: ToolItem, index: number, text: string, open: () => Framing): void {
  if (tool.streamed || !state.run.isToolCallOpen(tool.toolCallId)) return;
  const streamed = tool.streamedText ?? { ...open(), sent: [], held: "", written: 0 };
  tool.streamedText = streamed;
  const { sent } = streamed;
  let out = "";
  if (index === sent.length) {
    if (streamed.held !== "") {
      out = escaped(streamed.held);
      sent[index - 1] += streamed.held;
      streamed.held = "";
    }
    out += index === 0 ? streamed.prefix : '","';
    sent.push("");
  }
  const all = streamed.held + text;
  const last = all.charCodeAt(all.length - 1);
  const hold = last >= 0xd800 && last <= 0xdbff ? 1 : 0;
  const ready = all.slice(0, all.length - hold);
  streamed.held = all.slice(all.length - hold);
  if (ready !== "") {
    out += escaped(ready);
    sent[index] += ready;
  }
  if (out === "") return;
  streamed.written += out.length;
  state.run.toolCallArgs(tool.toolCallId, out);
}

/** Whether the finished strings continue the sent ones: the same, but the last sent one may go on. */
function continues(finished: readonly string[], sent: readonly string[]): boolean {
  const last = sent.length - 1;
  if (finished.length <= last) return false;
  for (let i = 0; i < last; i += 1) if (finished[i] !== sent[i]) return false;
  return last < 0 || (finished[last] as string).startsWith(sent[last] as string);
}

/** The sent strings with the held half of the last one (what arrived, whole). */
function withHeld(text: StreamedText): readonly string[] {
  if (text.held === "") return text.sent;
  const texts = text.sent.slice();
  texts[texts.length - 1] += text.held;
  return texts;
}

function listOf(text: string | undefined): readonly string[] | undefined {
  return text === undefined ? undefined : [text];
}

function withoutDiff(operation: Record<string, unknown> | undefined): Record<string, unknown> {
  const { diff: _diff, ...rest } = operation ?? {};
  return rest;
}

function escaped(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
