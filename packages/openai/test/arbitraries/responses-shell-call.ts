/**
 * Client-run shell calls for the Responses generator: a `shell_call` item (local environment)
 * whose commands stream as `response.shell_call_command.added` / `.delta` / `.done` (OpenAI SDK
 * 7.59's `ResponseShellCallCommand{Added,Delta,Done}Event`, shapes as in OpenAI's recorded shell
 * streams: `output_index`, `command_index`, `delta` / `command`), with or without the `.added` /
 * `.done` brackets, or only in the finished item. The call's arguments are the JSON of the
 * finished item's `action`; the adapter writes them as the commands stream.
 *
 * Command text is drawn without surrogates: the adapter holds a high surrogate ending a delta
 * until the next one (covered by shell-call-streaming.test.ts), which a cut would leave out.
 */
import fc from "fast-check";
import { fragmentsOf } from "./text.js";

export interface ShellPlan {
  kind: "shell";
  /** Each command cut into deltas. */
  commands: string[][];
  /** Send `.added` / `.done` around each command's deltas. */
  bracket: boolean;
  mode: "deltas" | "item";
}

type Emit = (event: Record<string, unknown>) => void;

const commandText = fc.string({ unit: fc.constantFrom("l", "s", " ", "-", "é", "✓", '"', "\\", "\n", "\t", "\u0000", "\u2028"), maxLength: 16 });

export const shellPlan: fc.Arbitrary<ShellPlan> = fc.record({
  kind: fc.constant("shell" as const),
  commands: fc.array(fragmentsOf(commandText, 4), { minLength: 1, maxLength: 3 }),
  bracket: fc.boolean(),
  mode: fc.constantFrom("deltas" as const, "deltas" as const, "item" as const),
});

/** The ids of a generated shell call. */
export function shellIds(index: number, tag: string): { itemId: string; callId: string } {
  return { itemId: `sh_${tag}_${index}`, callId: `call_sh_${tag}_${index}` };
}

/** Emits the call; returns the finished item's `action` (what the call's arguments are the JSON of). */
export function emitShellCall(plan: ShellPlan, index: number, tag: string, emit: Emit): Record<string, unknown> {
  const { itemId, callId } = shellIds(index, tag);
  const item = (action: Record<string, unknown>, status: string): Record<string, unknown> => ({ id: itemId, type: "shell_call", status, action, call_id: callId, environment: { type: "local" } });
  const final = plan.commands.map((parts) => parts.join(""));
  const action = { commands: final, max_output_length: 4096, timeout_ms: null };
  emit({ type: "response.output_item.added", output_index: index, item: item({ commands: [], max_output_length: null, timeout_ms: null }, "in_progress") });
  if (plan.mode === "deltas") {
    plan.commands.forEach((parts, c) => {
      const where = { output_index: index, command_index: c };
      if (plan.bracket) emit({ type: "response.shell_call_command.added", ...where, command: "" });
      for (const delta of parts) emit({ type: "response.shell_call_command.delta", ...where, delta, obfuscation: "pad" });
      if (plan.bracket) emit({ type: "response.shell_call_command.done", ...where, command: final[c] });
    });
  }
  emit({ type: "response.output_item.done", output_index: index, item: item(action, "completed") });
  return action;
}

/** What the events carried of each shell call: its commands so far, and the finished item's action. */
export interface ShellCarried {
  commands: string[];
  action?: unknown;
}

/**
 * Reads one event into `calls` (keyed by call id; `byIndex` maps an output index to its call):
 * a command's deltas when any streamed, else its `.done` text, else its `.added` text; the
 * finished item's `action`.
 */
export function readShellEvent(event: Record<string, unknown>, calls: Map<string, ShellCarried & { streamed: boolean[] }>, byIndex: Map<number, string>): void {
  const item = event.item as Record<string, unknown> | undefined;
  const type = event.type;
  // Client-run calls only (a hosted one, in a container, writes its arguments as `{"action":…}`).
  const hosted = String((item?.environment as { type?: unknown } | undefined)?.type ?? "").startsWith("container");
  if ((type === "response.output_item.added" || type === "response.output_item.done") && item?.type === "shell_call" && typeof item.call_id === "string" && !hosted) {
    if (typeof event.output_index === "number") byIndex.set(event.output_index, item.call_id);
    const call = calls.get(item.call_id) ?? { commands: [], streamed: [] };
    calls.set(item.call_id, call);
    if (type === "response.output_item.done") call.action = (item as { action?: unknown }).action;
    return;
  }
  if (typeof type !== "string" || !type.startsWith("response.shell_call_command.")) return;
  const call = typeof event.output_index === "number" ? calls.get(byIndex.get(event.output_index) ?? "") : undefined;
  const c = event.command_index;
  if (call === undefined || typeof c !== "number") return;
  if (type.endsWith(".delta") && typeof event.delta === "string") {
    call.commands[c] = (call.streamed[c] === true ? (call.commands[c] ?? "") : "") + event.delta;
    call.streamed[c] = true;
  } else if (call.streamed[c] !== true && typeof event.command === "string") {
    call.commands[c] = event.command;
  }
}

/**
 * The argument text a shell call must have written so far: every command carried, JSON-escaped in
 * `{"commands":[…`, up to the end of the last non-empty one (`undefined` before any command text).
 */
export function shellArgsSoFar(call: ShellCarried): string | undefined {
  const commands = [...call.commands].map((c) => c ?? "");
  // A command opened without text yet may not have been written (only what it will hold matters).
  while (commands.length > 0 && commands[commands.length - 1] === "") commands.pop();
  if (commands.length === 0) return undefined;
  return JSON.stringify({ commands }).slice(0, -'"]}'.length);
}
