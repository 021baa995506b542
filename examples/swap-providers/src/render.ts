import { aggregateTokenUsage, readBridgeMetadata, type BridgeWarning, type Event, type TokenUsage } from "@agui-bridge/core";

/** ANSI styles, or no-ops when color is off. */
export interface Palette {
  dim(text: string): string;
  bold(text: string): string;
  cyan(text: string): string;
  magenta(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
  red(text: string): string;
}

/** A palette: colored for a TTY, plain otherwise. */
export function createPalette(color: boolean): Palette {
  const wrap = (code: number) => (text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  return { dim: wrap(2), bold: wrap(1), cyan: wrap(36), magenta: wrap(35), yellow: wrap(33), green: wrap(32), red: wrap(31) };
}

/**
 * Renders AG-UI events as readable text: one line per structural event, deltas streamed inline
 * after the line that opened their message or call. Returns the text to write for each event.
 */
export function createEventRenderer(p: Palette): (event: Event) => string {
  // Deltas stream inline under the line that opened their message or call. A structural line in
  // between (an encrypted value, a tool result) breaks the inline run; the next delta re-indents.
  let inline = false;
  const line = (text: string): string => {
    const prefix = inline ? "\n" : "";
    inline = false;
    return `${prefix}${text}\n`;
  };
  const stream = (text: string): string => {
    const indent = inline ? "" : "  ";
    inline = true;
    return `${indent}${text}`;
  };
  const close = (): string => {
    const out = inline ? "\n" : "";
    inline = false;
    return out;
  };
  return (event) => {
    const meta = readBridgeMetadata(event.metadata);
    switch (event.type) {
      case "RUN_STARTED":
        return line(p.dim(`RUN_STARTED thread=${event.threadId} run=${event.runId} protocol=${event.protocolVersion ?? "?"}`));
      case "TEXT_MESSAGE_START":
        return line(p.bold(`TEXT_MESSAGE ${event.messageId}${meta?.refusal === true ? " (refusal)" : ""}`));
      case "TEXT_MESSAGE_CONTENT":
        return event.delta === "" ? "" : stream(event.delta);
      case "REASONING_START":
        return line(p.magenta(`REASONING_START ${event.messageId}`));
      case "REASONING_MESSAGE_START":
        return line(p.magenta(`REASONING_MESSAGE ${event.messageId}`));
      case "REASONING_MESSAGE_CONTENT":
        return event.delta === "" ? "" : stream(p.magenta(event.delta.replace(/\n/g, "\n  ")));
      case "REASONING_ENCRYPTED_VALUE":
        return line(p.magenta(`REASONING_ENCRYPTED_VALUE ${event.subtype} ${event.entityId} (${event.encryptedValue.length} chars, opaque)`));
      case "TOOL_CALL_START":
        return line(p.cyan(`TOOL_CALL ${event.toolCallName} ${event.toolCallId}${meta?.providerExecuted === true ? " (run by the provider)" : ""}`));
      case "TOOL_CALL_ARGS":
        return event.delta === "" ? "" : stream(p.cyan(event.delta));
      case "TOOL_CALL_RESULT":
        return line(p.cyan(`TOOL_CALL_RESULT ${event.toolCallId}: ${typeof event.content === "string" ? event.content : JSON.stringify(event.content)}`));
      case "STEP_STARTED":
        return line(p.dim(`STEP_STARTED ${event.stepName}${event.subagentRunId === undefined ? "" : " (subagent)"}`));
      case "STEP_FINISHED": {
        const provider = meta?.provider === undefined ? "" : ` on ${String(meta.provider)}`;
        return line(p.dim(`STEP_FINISHED ${event.stepName}${provider}${event.subagentRunId === undefined ? "" : " (subagent)"}`));
      }
      case "MESSAGES_SNAPSHOT":
        return line(p.dim(`MESSAGES_SNAPSHOT (${event.messages.length} messages)`));
      case "SUBAGENT_STARTED":
        return line(p.yellow(`SUBAGENT_STARTED ${event.name} for ${event.parentToolCallId ?? "?"}`));
      case "SUBAGENT_FINISHED":
        return line(p.yellow(`SUBAGENT_FINISHED ${event.outcome?.type ?? "success"}${typeof event.result === "string" ? `: ${event.result}` : ""}`));
      case "SUBAGENT_ERROR":
        return line(p.red(`SUBAGENT_ERROR ${event.code ?? ""} ${event.message}`));
      case "RUN_FINISHED": {
        if (event.outcome?.type === "interrupt") {
          const asks = event.outcome.interrupts.map((i) => `${i.reason} ${i.toolCallId ?? i.id}: ${i.message ?? ""}`).join("; ");
          return line(p.green(`RUN_FINISHED interrupt (${asks})`));
        }
        const outcome = event.outcome?.type ?? "success";
        const reason = meta?.finishReason === undefined ? "" : ` finish=${String(meta.finishReason)} (${String(meta.rawFinishReason ?? "")})`;
        const pending = event.outcome?.type === "success" && event.outcome.pendingToolCallIds?.length ? ` pending=${event.outcome.pendingToolCallIds.join(",")}` : "";
        return line(p.green(`RUN_FINISHED ${outcome}${reason}${pending}`));
      }
      case "RUN_ERROR":
        return line(p.red(`RUN_ERROR ${event.code ?? ""} ${event.message}`));
      case "TEXT_MESSAGE_END":
      case "REASONING_MESSAGE_END":
      case "TOOL_CALL_END":
      case "REASONING_END":
        return close();
      default:
        return line(p.dim(event.type));
    }
  };
}

/** A warning as one line. */
export function renderWarning(warning: BridgeWarning, p: Palette): string {
  return `${p.yellow(`dropped (${warning.code})`)} ${warning.message}\n`;
}

/** The usage table: one row per (provider, model), summed over the turns. */
export function renderUsageTable(entries: readonly TokenUsage[], p: Palette): string {
  const rows = aggregateTokenUsage(entries).map((u) => [
    u.provider ?? "?",
    u.model ?? "?",
    show(u.inputTokens),
    show(u.cachedInputTokens),
    show(u.cacheWriteInputTokens),
    show(u.outputTokens),
    show(u.reasoningTokens),
    show(u.totalTokens),
  ]);
  return renderTable(["provider", "model", "input", "cache read", "cache write", "output", "reasoning", "total"], rows, 2, p);
}

/** One row of the step table: a model call of a run, its provider, and what it cost. */
export interface StepRow {
  runId: string;
  stepName: string;
  provider: string;
  subagent?: string;
  usage: readonly TokenUsage[];
}

/** The usage of every step (model call), subagents' included, in the order they ran. */
export function renderStepUsageTable(steps: readonly StepRow[], p: Palette): string {
  const rows = steps.flatMap((step) =>
    (step.usage.length > 0 ? step.usage : [{} as TokenUsage]).map((u) => [
      step.runId,
      step.subagent === undefined ? step.stepName : `${step.subagent}/${step.stepName}`,
      step.provider,
      u.model ?? "?",
      show(u.inputTokens),
      show(u.outputTokens),
      show(u.totalTokens),
    ]),
  );
  return renderTable(["run", "step", "provider", "model", "input", "output", "total"], rows, 4, p);
}

/** A plain-text table: the first `left` columns left-aligned, the numbers right-aligned. */
function renderTable(header: string[], rows: string[][], left: number, p: Palette): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const format = (cells: string[]) => cells.map((c, i) => (i < left ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  return [p.bold(format(header)), ...rows.map(format)].join("\n") + "\n";
}

function show(value: number | undefined): string {
  return value === undefined ? "-" : String(value);
}
