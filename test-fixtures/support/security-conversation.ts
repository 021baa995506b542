/**
 * Random AG-UI conversations for the request-side security property: user and tool messages with
 * media parts whose FileSource handle was minted by a random vendor (openai / anthropic / google /
 * other / none named), and assistant messages, tool calls, reasoning and tool messages carrying
 * encrypted values whose minting provider (metadata `agui-bridge.provider`) and kind are random too,
 * with the ids a converter would look for (itemId, anthropicMessageId, blockIndex,
 * functionCallId, providerExecuted + providerToolType). Every handle and encrypted value is a unique
 * token, listed with its minter, so a test can search the built request for each.
 */
import type { ContentPart, Message, RunAgentInput, ToolCall } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { mediaPart } from "./media-part.js";

/** `undefined`: no provider named (a handle of unknown origin / an entity that did not come through the bridge). */
export const MINTERS = ["openai", "anthropic", "google", "other", undefined] as const;
export type Minter = (typeof MINTERS)[number];
const KINDS = ["openai-encrypted-content", "anthropic-signature", "anthropic-redacted-thinking", "google-thought-signature", undefined] as const;
const TOOL_TYPES = ["web_search", "code_execution", "image_generation", "inline_data", "file_data", "mcp"] as const;

/** A token placed in the conversation and who minted it. */
export interface Token {
  value: string;
  minter: Minter;
  where: string;
}

export interface Conversation {
  input: RunAgentInput;
  handles: Token[];
  encrypted: Token[];
}

const minter = fc.constantFrom(...MINTERS);
const kind = fc.constantFrom(...KINDS);

const partPlan = fc.record({
  type: fc.constantFrom("text" as const, "image" as const, "audio" as const, "video" as const, "document" as const),
  source: fc.constantFrom("data" as const, "url" as const, "file" as const, "file" as const),
  minter,
  mimeType: fc.constantFrom("image/png", "image/jpeg", "application/pdf", "text/plain", "audio/wav", "video/mp4", undefined),
});

const callPlan = fc.record({
  providerExecuted: fc.boolean(),
  minter,
  kind,
  encrypted: fc.boolean(),
  toolType: fc.constantFrom(...TOOL_TYPES),
  withItemId: fc.boolean(),
});

const messagePlan = fc.oneof(
  fc.record({ role: fc.constant("user" as const), parts: fc.option(fc.array(partPlan, { minLength: 1, maxLength: 4 }), { nil: undefined, freq: 4 }) }),
  fc.record({
    role: fc.constant("assistant" as const),
    text: fc.boolean(),
    minter,
    kind,
    encrypted: fc.boolean(),
    calls: fc.array(callPlan, { maxLength: 3 }),
  }),
  fc.record({ role: fc.constant("reasoning" as const), minter, kind, encrypted: fc.boolean(), linked: fc.boolean(), withItemId: fc.boolean() }),
  fc.record({ role: fc.constant("tool" as const), call: fc.nat(), parts: fc.option(fc.array(partPlan, { maxLength: 3 }), { nil: undefined }), minter, encrypted: fc.boolean() }),
  fc.record({ role: fc.constantFrom("system" as const, "developer" as const) }),
);

/** Conversations of 1 to 10 messages, with tools. */
export const conversation: fc.Arbitrary<Conversation> = fc.array(messagePlan, { minLength: 1, maxLength: 10 }).map(build);

type Plan = typeof messagePlan extends fc.Arbitrary<infer T> ? T : never;
type PartPlan = typeof partPlan extends fc.Arbitrary<infer T> ? T : never;

function build(plans: Plan[]): Conversation {
  const handles: Token[] = [];
  const encrypted: Token[] = [];
  const messages: Message[] = [];
  const calls: ToolCall[] = [];
  let n = 0;
  let lastAssistant: string | undefined;
  const meta = (who: Minter, fields: Record<string, unknown>) => ({ "agui-bridge": { ...(who !== undefined && { provider: who }), ...fields } });
  const secret = (who: Minter, where: string): string => {
    const value = `ENC${n++}x${who ?? "none"}Q`;
    encrypted.push({ value, minter: who, where });
    return value;
  };
  const part = (plan: PartPlan, where: string): ContentPart => {
    const i = n++;
    if (plan.type === "text") return { type: "text", text: `text ${i}` };
    return mediaPart(plan, i, () => {
      const value = `HANDLE${i}x${plan.minter ?? "none"}Q`;
      handles.push({ value, minter: plan.minter, where });
      return { value, provider: plan.minter };
    });
  };

  for (const plan of plans) {
    const id = `m${n++}`;
    switch (plan.role) {
      case "system":
      case "developer":
        messages.push({ id, role: plan.role, content: `instructions ${id}` });
        break;
      case "user":
        messages.push({ id, role: "user", content: plan.parts === undefined ? `hello ${id}` : plan.parts.map((p) => part(p, `user ${id}`)) });
        break;
      case "assistant": {
        const toolCalls: ToolCall[] = plan.calls.map((c, j) => {
          const callId = `call${n++}`;
          const call: ToolCall = {
            id: callId,
            type: "function",
            function: { name: c.providerExecuted ? c.toolType : `tool_${j}`, arguments: c.toolType === "code_execution" ? '{"language":"PYTHON","code":"print(1)"}' : '{"q":1}' },
            ...(c.encrypted && { encryptedValue: secret(c.minter, `tool call ${callId}`) }),
            metadata: meta(c.minter, {
              ...(c.kind !== undefined && { encryptedKind: c.kind }),
              ...(c.providerExecuted && { providerExecuted: true, providerToolType: c.toolType, anthropicBlockType: "server_tool_use" }),
              ...(c.withItemId && { itemId: `fc_${callId}`, functionCallId: `fn_${callId}` }),
              blockIndex: j + 1,
            }),
          };
          calls.push(call);
          return call;
        });
        messages.push({
          id,
          role: "assistant",
          ...(plan.text && { content: `answer ${id}` }),
          ...(toolCalls.length > 0 && { toolCalls }),
          ...(plan.encrypted && { encryptedValue: secret(plan.minter, `assistant ${id}`) }),
          metadata: meta(plan.minter, { ...(plan.kind !== undefined && { encryptedKind: plan.kind }) }),
        });
        lastAssistant = id;
        break;
      }
      case "reasoning":
        messages.push({
          id,
          role: "reasoning",
          content: `thinking ${id}`,
          ...(plan.encrypted && { encryptedValue: secret(plan.minter, `reasoning ${id}`) }),
          metadata: meta(plan.minter, {
            ...(plan.kind !== undefined && { encryptedKind: plan.kind }),
            ...(plan.withItemId && { itemId: `rs_${id}` }),
            ...(plan.linked && lastAssistant !== undefined && { anthropicMessageId: lastAssistant, blockIndex: 0 }),
          }),
        });
        break;
      case "tool": {
        const call = calls.length === 0 ? undefined : calls[plan.call % calls.length];
        messages.push({
          id,
          role: "tool",
          toolCallId: call?.id ?? `unknown${id}`,
          content: plan.parts === undefined ? `result ${id}` : plan.parts.map((p) => part(p, `tool ${id}`)),
          ...(plan.encrypted && { encryptedValue: secret(plan.minter, `tool message ${id}`) }),
          metadata: meta(plan.minter, {}),
        });
        break;
      }
    }
  }
  return {
    input: {
      threadId: "thread",
      runId: "run",
      messages,
      tools: [{ name: "tool_0", description: "A tool", parameters: { type: "object", properties: { q: { type: "number" } } } }],
      context: [{ description: "ctx", value: "v" }],
    },
    handles,
    encrypted,
  };
}

/**
 * Searches the serialized request for every token another vendor minted (or, for encrypted values,
 * whose minter is unknown): returns those found (must be none) and how many of the vendor's own
 * tokens were sent (so a test can show the search is not vacuous).
 */
export function audit(params: unknown, conversation: Conversation, vendor: string): { leaked: Token[]; ownHandlesSent: number; ownEncryptedSent: number } {
  const text = JSON.stringify(params);
  const leaked = [
    ...conversation.handles.filter((token) => token.minter !== undefined && token.minter !== vendor),
    ...conversation.encrypted.filter((token) => token.minter !== vendor),
  ].filter((token) => text.includes(token.value));
  return {
    leaked,
    ownHandlesSent: conversation.handles.filter((token) => (token.minter === vendor || token.minter === undefined) && text.includes(token.value)).length,
    ownEncryptedSent: conversation.encrypted.filter((token) => token.minter === vendor && text.includes(token.value)).length,
  };
}
