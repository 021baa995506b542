import { entityProvider, isMintedBy, readBridgeMetadata, REQUEST_WARNINGS, type AssistantMessage, type Message, type ReasoningMessage, type ToolCall } from "@agui-bridge/core/adapter";
import { reasoningContentTurns, REASONING_FIELD_DIALECTS, type ChatDialect, type RequestChatDialect } from "../chat-dialect.js";
import { REASONING_DETAIL_KIND, THINKING_BLOCK_REDACTED_KIND, THINKING_BLOCK_SIGNATURE_KIND } from "../chat-stream/chat-stream-state.js";
import { thoughtSignatureFor } from "./convert-chat-tool-call.js";
import { copilotReasoningFields, isCopilotReasoning } from "./copilot-reasoning-fields.js";
import { asRecord } from "../narrow.js";
import { assistantTextFor } from "./chat-request-rules.js";
import { targetOf, type WarningSink } from "../request/request-warnings.js";

/** Which reasoning goes back inside which assistant message of a Chat request. */
export interface ChatReasoningBack {
  readonly dialect: ChatDialect;
  readonly target: string;
  /** Reasoning messages sent back, per the assistant message they belong to, in conversation order. */
  readonly byAssistant: ReadonlyMap<string, ReasoningMessage[]>;
  /** Ids of the reasoning messages sent back inside their assistant message. */
  readonly sentBack: ReadonlySet<string>;
  /** `deepseek`: the assistant messages of user turns that made tool calls (each carries `reasoning_content`, empty when none was recorded). */
  readonly toolSpans: ReadonlySet<string>;
  /** `deepseek` for a Kimi or DeepSeek model behind another label (and the labels that take only recorded reasoning): only recorded `reasoning_content` goes back, no empty placeholder. */
  readonly recordedOnly: boolean;
}

/**
 * Decides, before converting, which reasoning messages go back and with which assistant message:
 * only ones minted under the request's provider label that name their assistant message
 * (`assistantMessageId`, recorded by the stream side) present in the input, and only for a dialect
 * that takes them back: `openrouter` (entries recorded from `reasoning_details`) and `deepseek`
 * (DeepSeek's thinking-mode rule: between two user messages where the model made a tool call,
 * every assistant message's `reasoning_content` must go back on all later requests; elsewhere it
 * is ignored, so it is not sent; to Kimi's, Zhipu's and Fireworks' labels, and to a Kimi model behind an
 * `openai`-default label, every turn's goes back) and `mistral` (the thinking of every turn, as Mistral's own
 * `thinking` content chunks) and `databricks` (signed thinking, as Databricks' `reasoning` content
 * items) and `groq` / `ollama` / `vllm` / `llamacpp` (the reasoning of an assistant message that
 * made tool calls, in the server's own field) and `copilot` (GitHub Copilot's `reasoning_opaque`
 * and the `reasoning_text` streamed with it, on every assistant message that has an opaque value;
 * text of a message without one stays behind). Every other reasoning message is left to the
 * converter, which drops it (with a warning when it carried an encrypted value). "Made tool calls"
 * counts only the calls the request sends (`sent`): a provider-run call (Groq's `executed_tools`,
 * a hosted tool) is left out of the request, so its turn is not a tool-call turn there.
 */
export function collectChatReasoning(
  messages: readonly Message[],
  { dialect, kimiModel, deepseekModel }: RequestChatDialect,
  sink: WarningSink,
  sent: (call: ToolCall) => boolean,
): ChatReasoningBack {
  const target = targetOf(sink);
  const byAssistant = new Map<string, ReasoningMessage[]>();
  const sentBack = new Set<string>();
  if (dialect === "openai" || dialect === "gemini") return { dialect, target, byAssistant, sentBack, toolSpans: new Set(), recordedOnly: false };
  // Kimi (its labels, or a Kimi model behind another label), Zhipu's GLM and Fireworks get every recorded turn's reasoning.
  const turns = reasoningContentTurns(target, kimiModel, deepseekModel);
  const everyTurn = dialect === "deepseek" && turns.everyTurn;
  const assistants = new Map<string, AssistantMessage>();
  for (const message of messages) if (message.role === "assistant") assistants.set(message.id, message);
  const toolSpans = dialect === "deepseek" ? deepSeekToolSpans(messages, sent) : new Set<string>();
  for (const message of messages) {
    if (message.role !== "reasoning" || !isMintedBy(message, target)) continue;
    const fields = readBridgeMetadata(message.metadata);
    const owner = typeof fields?.assistantMessageId === "string" ? assistants.get(fields.assistantMessageId) : undefined;
    if (owner === undefined) continue;
    const takes =
      dialect === "openrouter"
        ? fields?.encryptedKind === REASONING_DETAIL_KIND && descriptorOf(message) !== undefined
        : dialect === "litellm"
          ? thinkingBlockOf(message) !== undefined
          : dialect === "databricks"
            ? thinkingBlockOf(message)?.type === "thinking"
            : dialect === "copilot"
              ? isCopilotReasoning(message)
              : REASONING_FIELD_DIALECTS.has(dialect)
              ? fields?.encryptedKind === undefined && (owner.toolCalls ?? []).some(sent)
              : fields?.encryptedKind === undefined && (dialect === "mistral" || toolSpans.has(owner.id) || everyTurn);
    if (!takes) continue;
    byAssistant.set(owner.id, [...(byAssistant.get(owner.id) ?? []), message]);
    sentBack.add(message.id);
  }
  // Copilot: reasoning text goes only beside its turn's opaque value; a turn without one sends nothing.
  if (dialect === "copilot") {
    for (const [owner, reasoning] of byAssistant) {
      if (copilotReasoningFields(reasoning) !== undefined) continue;
      byAssistant.delete(owner);
      for (const m of reasoning) sentBack.delete(m.id);
    }
  }
  return { dialect, target, byAssistant, sentBack, toolSpans, recordedOnly: dialect === "deepseek" && turns.recordedOnly };
}

/**
 * The reasoning fields of one assistant message, per dialect: `reasoning_details` (OpenRouter:
 * every recorded entry of the turn, from its reasoning messages and its tool calls, rebuilt
 * exactly and in their original order), `reasoning_content` (DeepSeek, on every assistant message
 * of a user turn that made tool calls, empty when none was recorded), `reasoning` (Groq, Ollama, vLLM) or `reasoning_content` (llama.cpp), on a
 * message that made tool calls, Mistral's content array (`thinking` chunks, `closed: true`,
 * then the text), `reasoning_opaque` with `reasoning_text` (GitHub Copilot), or nothing. An encrypted value on a tool call that does not go back is reported.
 */
export function reasoningFieldsFor(
  message: AssistantMessage,
  calls: readonly ToolCall[],
  back: ChatReasoningBack,
  sink: WarningSink,
): Record<string, unknown> | undefined {
  const used = new Set<string>();
  const fields = fieldsFor(message, calls, back, used);
  for (const call of calls) {
    if (call.encryptedValue === undefined || used.has(call.id) || thoughtSignatureFor(call, back.target, back.dialect) !== undefined) continue;
    sink.warn(REQUEST_WARNINGS.encryptedValueDropped, `Tool call ${call.id}: its encrypted value cannot go back to ${back.target} (${back.dialect} dialect); dropped`, {
      toolCallId: call.id,
    });
  }
  return fields;
}

/**
 * Reports a reasoning message the request leaves out (the dialect does not take it back): another
 * provider's reasoning (or one of unknown origin) with core's shared `request.foreign-reasoning`,
 * as every converter reports it; this server's own reasoning only when it held an encrypted value
 * (`request.encrypted-value-dropped`): Chat Completions servers take their own earlier reasoning
 * text back only where the dialect says so, and leaving it out otherwise is what they document.
 */
export function warnUnsentReasoning(message: ReasoningMessage, sink: WarningSink): void {
  if (!isMintedBy(message, targetOf(sink))) {
    const from = entityProvider(message);
    sink.warn(REQUEST_WARNINGS.foreignReasoning, `Reasoning message ${message.id} (from ${from ?? "an unknown source"}) was not produced by ${targetOf(sink)}; it and any encrypted value were dropped`, {
      messageId: message.id,
      provider: from ?? null,
    });
  } else if (message.encryptedValue !== undefined) {
    sink.warn(REQUEST_WARNINGS.encryptedValueDropped, `Reasoning message ${message.id}: ${targetOf(sink)} (Chat Completions) cannot take it or its encrypted value back; dropped`, {
      messageId: message.id,
    });
  }
}

function fieldsFor(
  message: AssistantMessage,
  calls: readonly ToolCall[],
  back: ChatReasoningBack,
  used: Set<string>,
): Record<string, unknown> | undefined {
  const reasoning = back.byAssistant.get(message.id) ?? [];
  if (back.dialect === "deepseek") {
    // Thinking mode answers 400 for a tool turn's assistant message without the field, even when no reasoning was streamed.
    const empty = calls.length === 0 && (message.content ?? "") === "";
    if (reasoning.length === 0 && (!back.toolSpans.has(message.id) || empty || back.recordedOnly)) return undefined;
    return { reasoning_content: reasoning.map((m) => m.content).join("") };
  }
  if (back.dialect === "mistral") {
    if (reasoning.length === 0 || readBridgeMetadata(message.metadata)?.refusal === true) return undefined;
    const text = message.content ?? "";
    return {
      content: [
        ...reasoning.map((m) => ({ type: "thinking", thinking: [{ type: "text", text: m.content }], closed: true })),
        ...(text !== "" ? [{ type: "text", text }] : []),
      ],
    };
  }
  if (back.dialect === "databricks") {
    // Databricks' own content items: signed thinking first, then the text (none when blank: Claude rejects blank text).
    if (reasoning.length === 0 || readBridgeMetadata(message.metadata)?.refusal === true) return undefined;
    const text = assistantTextFor(back.target, message.content);
    return {
      content: [
        ...reasoning.map((m) => ({ type: "reasoning", summary: [{ type: "summary_text", text: m.content, signature: m.encryptedValue ?? "" }] })),
        ...(text !== "" ? [{ type: "text", text }] : []),
      ],
    };
  }
  const field = REASONING_FIELD_DIALECTS.get(back.dialect);
  if (field !== undefined) {
    // The server's own field (Groq refuses `reasoning_content`, vLLM ignores it, llama.cpp reads only it).
    return reasoning.length > 0 ? { [field]: reasoning.map((m) => m.content).join("") } : undefined;
  }
  if (back.dialect === "copilot") return copilotReasoningFields(reasoning);
  if (back.dialect === "litellm") {
    const blocks = reasoning.map(thinkingBlockOf).filter((block) => block !== undefined);
    return blocks.length > 0 ? { thinking_blocks: blocks } : undefined;
  }
  if (back.dialect !== "openrouter") return undefined;
  const entries: Array<{ order: number; entry: Record<string, unknown> }> = [];
  for (const m of reasoning) {
    const rebuilt = rebuild(descriptorOf(m), m.content, m.encryptedValue);
    if (rebuilt !== undefined) entries.push(rebuilt);
  }
  for (const call of calls) {
    if (!isMintedBy(call, back.target) || readBridgeMetadata(call.metadata)?.encryptedKind !== REASONING_DETAIL_KIND) continue;
    const rebuilt = rebuild(descriptorOf(call), "", call.encryptedValue);
    if (rebuilt === undefined) continue;
    entries.push(rebuilt);
    used.add(call.id);
  }
  if (entries.length === 0) return undefined;
  return { reasoning_details: joinContinued(entries).map((e) => e.entry) };
}

type Descriptor = { order: number; entry: Record<string, unknown> };

/** A reasoning message streamed from LiteLLM's `thinking_blocks`, as the block it came from (only a signed or redacted one). */
function thinkingBlockOf(message: ReasoningMessage): Record<string, string> | undefined {
  const kind = readBridgeMetadata(message.metadata)?.encryptedKind;
  const value = message.encryptedValue;
  if (value === undefined || value === "") return undefined;
  if (kind === THINKING_BLOCK_REDACTED_KIND) return { type: "redacted_thinking", data: value };
  if (kind === THINKING_BLOCK_SIGNATURE_KIND) return { type: "thinking", thinking: message.content, signature: value };
  return undefined;
}

function descriptorOf(entity: { metadata?: unknown }): Descriptor | undefined {
  const detail = asRecord(readBridgeMetadata(entity.metadata)?.reasoningDetail);
  const entry = asRecord(detail?.entry);
  const order = detail?.order;
  if (entry === undefined || typeof order !== "number" || typeof entry.type !== "string") return undefined;
  // Metadata comes back from the client: only scalar fields are rebuilt.
  const scalars: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(entry)) {
    if (field === "__proto__") continue;
    if (value === null || typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) scalars[field] = value;
  }
  return { order, entry: scalars };
}

/** One entry as the server sent it: its recorded fields plus its text and opaque value. */
function rebuild(descriptor: Descriptor | undefined, content: string, encrypted: string | undefined): Descriptor | undefined {
  if (descriptor === undefined) return undefined;
  const { entry, order } = descriptor;
  switch (entry.type) {
    case "reasoning.text":
      return { order, entry: { ...entry, text: content, ...(encrypted !== undefined && { signature: encrypted }) } };
    case "reasoning.summary":
      return { order, entry: { ...entry, summary: content } };
    case "reasoning.encrypted":
      return encrypted === undefined ? undefined : { order, entry: { ...entry, data: encrypted } };
    default:
      return undefined;
  }
}

/** Ids of the assistant messages that sit between two user messages where some assistant message made a tool call the request sends. */
function deepSeekToolSpans(messages: readonly Message[], sent: (call: ToolCall) => boolean): Set<string> {
  const out = new Set<string>();
  let span: AssistantMessage[] = [];
  let hasTools = false;
  const close = (): void => {
    if (hasTools) for (const m of span) out.add(m.id);
    span = [];
    hasTools = false;
  };
  for (const message of messages) {
    if (message.role === "user") close();
    else if (message.role === "assistant") {
      span.push(message);
      if ((message.toolCalls ?? []).some(sent)) hasTools = true;
    }
  }
  close();
  return out;
}

/** Entries in their original order, the pieces of one entry (same `order`) joined in stream order. */
function joinContinued(entries: Descriptor[]): Descriptor[] {
  const byOrder = new Map<number, Descriptor>();
  for (const piece of entries) {
    const seen = byOrder.get(piece.order);
    if (seen === undefined) {
      byOrder.set(piece.order, { order: piece.order, entry: { ...piece.entry } });
      continue;
    }
    for (const field of ["text", "summary", "signature"]) {
      const more = piece.entry[field];
      if (typeof more === "string") seen.entry[field] = `${typeof seen.entry[field] === "string" ? (seen.entry[field] as string) : ""}${more}`;
    }
  }
  return [...byOrder.values()].sort((a, b) => a.order - b.order);
}
