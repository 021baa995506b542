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
      case "RUN_FINISHED": {
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
  const header = ["provider", "model", "input", "cache read", "cache write", "output", "reasoning", "total"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const format = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  return [p.bold(format(header)), ...rows.map(format)].join("\n") + "\n";
}

function show(value: number | undefined): string {
  return value === undefined ? "-" : String(value);
}
