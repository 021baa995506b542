import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { asArray, asRecord, asString, isRecord } from "../narrow.js";
import type { ChatStreamState } from "./chat-stream-state.js";

const MESSAGE_AS_DELTA = STREAM_WARNINGS.messageAsDelta;

/** What a stream of `message` chunks has given so far for one choice. */
export interface MessageChunkSeen {
  /** The text and reasoning text read so far (a server may repeat the whole message each time). */
  content: string;
  reasoning: string;
  /** The ids of the tool calls read (a repeated whole message names them again). */
  readonly toolCallIds: Set<string>;
}

/** The reasoning fields a message may carry its reasoning text in. */
const REASONING_FIELDS = ["reasoning_content", "reasoning"] as const;

/**
 * The delta to read for a choice that came without one but with a whole `message`, as some
 * OpenAI-compatible servers stream (one chunk holding the full message, as a non-streaming reply
 * would: WebAI-to-API, "fake streaming" proxies), or `undefined`. Only while the stream has sent
 * no `delta` at all: beside deltas a `message` is the choice's text so far (Perplexity), already
 * read from them. Read losslessly whether the server sends the message once, in pieces, or whole
 * again each time: text that repeats what was read is taken only past it, a tool call already read
 * is not started again. Told once per stream (`stream.message-as-delta`).
 */
export function messageAsDelta(state: ChatStreamState, index: number, record: Record<string, unknown>): Record<string, unknown> | undefined {
  if (state.sawDelta) return undefined;
  const message = asRecord(record.message);
  if (message === undefined) return undefined;
  let seen = state.messageChunks.get(index);
  if (seen === undefined) {
    seen = { content: "", reasoning: "", toolCallIds: new Set() };
    state.messageChunks.set(index, seen);
    if (!state.warned.has(MESSAGE_AS_DELTA)) {
      state.warned.add(MESSAGE_AS_DELTA);
      state.options.onWarning?.({ code: MESSAGE_AS_DELTA, message: "A streamed chunk carried its choice as a whole `message` rather than a `delta`; it was read as the delta", details: { index } });
    }
  }
  const delta: Record<string, unknown> = { ...message };
  const content = asString(message.content);
  if (content !== undefined) {
    [delta.content, seen.content] = readOn(content, seen.content);
  }
  for (const field of REASONING_FIELDS) {
    const text = asString(message[field]);
    if (text === undefined) continue;
    [delta[field], seen.reasoning] = readOn(text, seen.reasoning);
  }
  const calls = asArray(message.tool_calls);
  if (calls !== undefined) {
    delta.tool_calls = calls.filter((call) => {
      const id = isRecord(call) ? asString(call.id) : undefined;
      if (id === undefined) return true;
      if (seen.toolCallIds.has(id)) return false;
      seen.toolCallIds.add(id);
      return true;
    });
  }
  return delta;
}

/**
 * The part of `text` not read yet (past `read` when it repeats it, else all of it) and the text read
 * with it: `text` itself when it repeats what was read, else the two joined.
 */
function readOn(text: string, read: string): [part: string, read: string] {
  return read !== "" && text.startsWith(read) ? [text.slice(read.length), text] : [text, read + text];
}
