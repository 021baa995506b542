import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import type { ChatChoiceState, ChatStreamState } from "./chat-stream-state.js";
import { collectAnnotations } from "./chat-annotations.js";
import { handleChatReasoning } from "./handle-chat-reasoning.js";
import { handleChatContent } from "./handle-chat-text.js";
import { signThinking } from "./handle-chat-thinking-blocks.js";
import { asArray, asNonEmptyString, asRecord, asString } from "../narrow.js";

/**
 * `delta.content` as an array of typed chunks (Mistral): `{ type: "text", text }` → the assistant
 * text; `{ type: "thinking", thinking: [{ type: "text", text }] }` → the reasoning message;
 * `{ type: "reasoning", summary: [{ type: "summary_text", text, signature }] }` (Databricks Model
 * Serving: Claude's thinking, gpt-oss reasoning) → the reasoning message, a non-empty `signature`
 * its encrypted value (END metadata `encryptedKind: "thinking-block-signature"`, as LiteLLM's);
 * `{ type: "reference", reference_ids }` (Mistral's ReferenceChunk: the tool results or documents
 * the text cites) → the choice's annotations, verbatim (TEXT_MESSAGE_END metadata `annotations`),
 * one with no ids (Mistral opens JSON-mode answers with `reference_ids: []`) citing nothing. Parts
 * are mapped in order, so one chunk carrying the end of the thinking and the start of the answer
 * gives both, byte for byte. Other part types are not modelled: each is reported once per stream
 * through `onWarning` and passed through as RAW when `emitRawEvents` is set.
 */
export function handleChatContentParts(state: ChatStreamState, choice: ChatChoiceState, parts: readonly unknown[]): void {
  for (const raw of parts) {
    const part = asRecord(raw);
    const type = asString(part?.type);
    if (part === undefined || type === undefined) continue;
    if (type === "text") {
      const text = asString(part.text);
      if (text !== undefined) handleChatContent(state, choice, text);
    } else if (type === "thinking") {
      for (const inner of asArray(part.thinking) ?? []) {
        const record = asRecord(inner);
        const text = asString(record?.text);
        if (text !== undefined && (record?.type === undefined || record.type === "text")) handleChatReasoning(state, choice, text);
      }
    } else if (type === "reasoning") {
      for (const inner of asArray(part.summary) ?? []) {
        const record = asRecord(inner);
        if (record === undefined || (record.type !== undefined && record.type !== "summary_text")) continue;
        const text = asString(record.text);
        if (text !== undefined && text !== "") handleChatReasoning(state, choice, text);
        const signature = asNonEmptyString(record.signature);
        if (signature !== undefined) signThinking(state, choice, signature);
      }
    } else if (type === "reference" && Array.isArray(part.reference_ids)) {
      if (part.reference_ids.length > 0) collectAnnotations(choice, [part]);
    } else {
      if (state.options.emitRawEvents === true) state.run.raw(part, state.provider);
      if (state.warned.has(`part:${type}`)) continue;
      state.warned.add(`part:${type}`);
      state.options.onWarning?.({
        code: STREAM_WARNINGS.unknownContent,
        message: `A content chunk of type ${type} is not modelled; dropped`,
        details: { kind: "content-part", type },
      });
    }
  }
}
