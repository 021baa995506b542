/**
 * Random AG-UI threads as they look after provider swaps, for the request-validity property (every
 * converter turns any of them into a request the real API accepts, or throws its documented error):
 * - user / assistant / system / developer / tool / reasoning / activity messages in any order
 *   (instructions mid-thread, consecutive users or assistants, a thread ending on assistant or tool);
 * - assistant text beside tool calls whose arguments are empty, invalid or non-object JSON, whose ids
 *   repeat or were minted elsewhere (`functions.get_weather:0`, 64+ characters), calls never
 *   answered, results for no call, two results for one call, failed results (`error`);
 * - reasoning with and without an encrypted value, encrypted values and metadata from each provider
 *   (bridge metadata `provider`), provider-executed calls (`providerExecuted`) with and without results;
 * - user content of text, image / audio / video / document parts by data, URL and file handle (also
 *   another provider's), empty and whitespace-only text, lone surrogates.
 * Plans are drawn by fast-check and built deterministically, so a failure shrinks to a short thread.
 */
import type { ContentPart, Message, RunAgentInput, ToolCall } from "@agui-bridge/core/adapter";
import fc from "fast-check";
import { mediaPart } from "./media-part.js";

const PROVIDERS = ["openai", "anthropic", "google", "openrouter", "mistral", undefined] as const;
type Minted = (typeof PROVIDERS)[number];
/** Each provider's own server-side tools, as its stream names them (`providerToolType`). */
const SERVER_TOOLS: Record<string, readonly string[]> = {
  openai: ["web_search", "code_interpreter", "image_generation", "file_search"],
  anthropic: ["web_search", "code_execution", "web_fetch"],
  google: ["code_execution", "google_search", "url_context"],
};
const ENCRYPTED_KIND: Record<string, string> = { openai: "openai-encrypted-content", anthropic: "anthropic-signature", google: "google-thought-signature" };

/** Text as threads carry it: ordinary, empty, whitespace only, or cut through an emoji. */
const text = fc.constantFrom("hello", "hello", "", "  \n ", "cut \uD83D", "\uDE00 tail", "trailing space ");
const provider = fc.constantFrom(...PROVIDERS);
const mime = fc.constantFrom("image/png", "image/jpeg", "image/webp", "application/pdf", "text/plain", "audio/wav", "audio/mpeg", "video/mp4", undefined);

const partPlan = fc.record({
  type: fc.constantFrom("text", "text", "image", "audio", "video", "document"),
  text,
  source: fc.constantFrom("data", "url", "file"),
  provider,
  mimeType: mime,
});

const callPlan = fc.record({
  id: fc.constantFrom("fresh", "fresh", "fresh", "repeat", "foreign", "long"),
  args: fc.constantFrom('{"q":1}', '{"q":1}', "{}", "", "{", "[1,2]", "null", '"text"', "42"),
  name: fc.constantFrom("tool_0", "tool_0", "tool_1", "get weather"),
  providerExecuted: fc.constantFrom(false, false, false, true),
  provider,
  encrypted: fc.boolean(),
});

const messagePlan = fc.oneof(
  { weight: 4, arbitrary: fc.record({ role: fc.constant("user" as const), text, parts: fc.option(fc.array(partPlan, { minLength: 0, maxLength: 3 }), { freq: 2 }) }) },
  { weight: 4, arbitrary: fc.record({ role: fc.constant("assistant" as const), text: fc.option(text), calls: fc.array(callPlan, { maxLength: 3 }), provider, encrypted: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ role: fc.constant("tool" as const), answers: fc.constantFrom("last", "last", "any", "none"), pick: fc.nat(), text, parts: fc.option(fc.array(partPlan, { maxLength: 2 }), { freq: 4 }), error: fc.constantFrom(false, false, false, true) }) },
  { weight: 2, arbitrary: fc.record({ role: fc.constant("reasoning" as const), text, provider, encrypted: fc.boolean(), itemId: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ role: fc.constantFrom("system" as const, "developer" as const), text }) },
  { weight: 1, arbitrary: fc.record({ role: fc.constant("activity" as const) }) },
);

type Plan = typeof messagePlan extends fc.Arbitrary<infer T> ? T : never;
type PartPlan = typeof partPlan extends fc.Arbitrary<infer T> ? T : never;

/** Threads of 1 to 12 messages, with two declared tools and a context entry. */
export const threadInput: fc.Arbitrary<RunAgentInput> = fc.array(messagePlan, { minLength: 1, maxLength: 12 }).map(buildThread);

const meta = (who: Minted, fields: Record<string, unknown> = {}) => ({ "agui-bridge": { ...(who !== undefined && { provider: who }), ...fields } });

/** The AG-UI thread a list of plans describes (deterministic: ids are counters). */
export function buildThread(plans: readonly Plan[]): RunAgentInput {
  const messages: Message[] = [];
  const calls: ToolCall[] = [];
  let lastCalls: ToolCall[] = [];
  let n = 0;
  const part = (plan: PartPlan): ContentPart => {
    const i = n++;
    if (plan.type === "text") return { type: "text", text: plan.text };
    return mediaPart(plan, i, () => ({
      value: plan.provider === "google" ? `https://generativelanguage.googleapis.com/v1beta/files/f${i}` : plan.provider === "anthropic" ? `file_011C${i}` : `file-${i}`,
      provider: plan.provider,
    }));
  };
  for (const plan of plans) {
    const id = `m${n++}`;
    switch (plan.role) {
      case "system":
      case "developer":
        messages.push({ id, role: plan.role, content: plan.text });
        break;
      case "user":
        messages.push({ id, role: "user", content: plan.parts === null ? plan.text : plan.parts.map(part) });
        break;
      case "activity":
        messages.push({ id, role: "activity", activityType: "PLAN", content: { steps: ["a", "b"] } } as Message);
        break;
      case "reasoning": {
        const kind = plan.provider === undefined ? undefined : ENCRYPTED_KIND[plan.provider];
        messages.push({
          id,
          role: "reasoning",
          content: plan.text,
          ...(plan.encrypted && { encryptedValue: `ENC${n++}` }),
          metadata: meta(plan.provider, { ...(kind !== undefined && { encryptedKind: kind }), ...(plan.itemId && { itemId: `rs_${id}` }) }),
        });
        break;
      }
      case "assistant": {
        const toolCalls = plan.calls.map((c, j): ToolCall => {
          const k = n++;
          const previous = calls[k % Math.max(calls.length, 1)];
          const callId =
            c.id === "repeat" && previous !== undefined ? previous.id : c.id === "foreign" ? `functions.get_weather:${j}` : c.id === "long" ? `call_${"x".repeat(66)}${k}` : `call${k}`;
          const tools = c.provider === undefined ? undefined : SERVER_TOOLS[c.provider];
          const serverTool = c.providerExecuted && tools !== undefined ? tools[k % tools.length] : undefined;
          const call: ToolCall = {
            id: callId,
            type: "function",
            function: { name: serverTool ?? c.name, arguments: c.args },
            ...(c.encrypted && { encryptedValue: `ENC${n++}` }),
            metadata: meta(c.provider, {
              ...(c.provider !== undefined && ENCRYPTED_KIND[c.provider] !== undefined && { encryptedKind: ENCRYPTED_KIND[c.provider] }),
              ...(serverTool !== undefined && { providerExecuted: true, providerToolType: serverTool, ...(c.provider === "anthropic" && { anthropicBlockType: "server_tool_use" }) }),
            }),
          };
          calls.push(call);
          return call;
        });
        lastCalls = toolCalls.length > 0 ? toolCalls : lastCalls;
        messages.push({
          id,
          role: "assistant",
          ...(plan.text !== null && { content: plan.text }),
          ...(toolCalls.length > 0 && { toolCalls }),
          ...(plan.encrypted && { encryptedValue: `ENC${n++}` }),
          metadata: meta(plan.provider),
        });
        break;
      }
      case "tool": {
        const pool = plan.answers === "last" ? lastCalls : plan.answers === "any" ? calls : [];
        const call = pool[plan.pick % Math.max(pool.length, 1)];
        messages.push({
          id,
          role: "tool",
          toolCallId: call?.id ?? `unknown_${id}`,
          content: plan.parts === null ? plan.text : plan.parts.map(part),
          ...(plan.error && { error: "the tool failed" }),
          ...(call?.metadata !== undefined && { metadata: call.metadata }),
        } as Message);
        break;
      }
    }
  }
  return {
    threadId: "thread",
    runId: "run",
    messages,
    tools: [
      { name: "tool_0", description: "A tool", parameters: { type: "object", properties: { q: { type: "number" } } } },
      { name: "tool_1", description: "Another tool", parameters: { type: "object", properties: {} } },
    ],
    context: [{ description: "ctx", value: "v" }],
  };
}
