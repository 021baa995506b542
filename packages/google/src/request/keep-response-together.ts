import { readBridgeMetadata, type Message } from "@agui-bridge/core/adapter";
import { asString } from "../narrow.js";

/**
 * Keeps one Gemini response's parts before its function responses. The stream folds a response
 * whose text follows a function call into several assistant messages (text, calls, more text and
 * calls, in the order they came); a later one records the earlier one as `sameResponseAs`. A
 * client that files each tool result right after the message holding its call (as UIs that keep
 * results beside their calls do) would put the results in the middle of the response: Gemini
 * would read two steps (the later calls made after the earlier results), and the first of the
 * later calls, unsigned in a parallel batch, would get a placeholder signature. This moves such
 * tool messages after the response's last assistant message, where the response's results go.
 * Only tool messages between the two messages move, and only when the named message is the
 * nearest one before holding application calls and nothing but assistant, reasoning and tool
 * messages lies between them (anything else means the marker is stale, e.g. an id remapped later).
 */
export function keepResponseTogether(messages: readonly Message[]): Message[] {
  const out: Message[] = [];
  for (const message of messages) {
    const earlier = message.role === "assistant" ? sameResponseAs(message) : undefined;
    const start = earlier === undefined ? -1 : lastCallsIndex(out);
    if (start >= 0 && out[start]?.id === earlier && out.slice(start + 1).every((m) => m.role === "assistant" || m.role === "reasoning" || m.role === "tool")) {
      const moved = out.slice(start + 1).filter((m) => m.role === "tool");
      if (moved.length > 0) {
        out.splice(start + 1, out.length - start - 1, ...out.slice(start + 1).filter((m) => m.role !== "tool"), message, ...moved);
        continue;
      }
    }
    out.push(message);
  }
  return out;
}

function lastCallsIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (makesCalls(messages[i] as Message)) return i;
  return -1;
}

/** An assistant message holding application tool calls (the ones `sameResponseAs` names). */
function makesCalls(message: Message): boolean {
  return message.role === "assistant" && (message.toolCalls ?? []).some((call) => readBridgeMetadata(call.metadata)?.providerExecuted !== true);
}

/** The assistant message this one continues (recorded on its text or on one of its calls). */
function sameResponseAs(message: Extract<Message, { role: "assistant" }>): string | undefined {
  const own = asString(readBridgeMetadata(message.metadata)?.sameResponseAs);
  if (own !== undefined) return own;
  for (const call of message.toolCalls ?? []) {
    const value = asString(readBridgeMetadata(call.metadata)?.sameResponseAs);
    if (value !== undefined) return value;
  }
  return undefined;
}
