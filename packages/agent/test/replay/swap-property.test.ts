/**
 * A property over random multi-turn conversations that swap providers at every turn. Each model
 * turn is a real recorded stream from ../shared/provider-streams (JSONL of the four SDKs, raw SSE
 * bodies of OpenAI-compatible servers under their labels), run through its adapter and folded
 * with core's `applyEvents`; between turns the application adds user messages and tool results,
 * sometimes leaves a result out, files a frontend tool's result after the next user message, has
 * the results carry media (a PNG, a PDF: tool-media.ts), or cuts a turn off mid-stream. It also
 * sends what real AG-UI clients send (app-input.ts): user messages of content parts (text, image,
 * audio, video, document from data, URL and file-handle sources, with metadata), system and
 * developer messages mid-conversation, activity messages, another provider's reasoning (with and
 * without an encrypted value) and failed tool results (`error`). Every prefix of the conversation
 * is converted by every API's request converter (and several Chat dialects) and checked against
 * the APIs' documented rules (`request-checks.ts`, `user-content-checks.ts`); nothing the target
 * can take is lost (earlier text and tool calls; user parts, instructions and tool errors in the
 * API's place for them, `input-coverage.ts`), nothing is dropped without a warning, and no opaque
 * value or file handle reaches a platform that did not mint it.
 *
 * The seed is fixed (CI stays deterministic); SWAP_SEED, SWAP_RUNS and SWAP_STEPS explore further.
 */
import { streamMessages, toMessagesRequest } from "@agui-bridge/anthropic";
import { applyEvents, createSequentialIds, isEncryptedValueUsableBy, type BridgeWarning, type Event, type Message, type RunAgentInput } from "@agui-bridge/core/adapter";
import { streamGenerateContent, toGenerateContentRequest } from "@agui-bridge/google";
import { streamChatCompletions, streamChatCompletionsFromResponse, streamResponses, toChatCompletionsRequest, toResponsesRequest } from "@agui-bridge/openai";
import { listSharedStreams, readJsonl, sharedStreamsDir, sharedSuiteTitle, type SharedFormat } from "@agui-bridge/test-support";
import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SwapApi } from "./providers.js";
import { appArb, appMessages, withToolError, type AppSpec } from "./app-input.js";
import { inputProblems } from "./input-coverage.js";
import { requestProblems } from "./request-checks.js";
import { mediaResult, PDF_BASE64, PNG_BASE64 } from "./tool-media.js";

/** One recorded model turn: its API, the platform label it runs under, and its chunks or SSE body. */
interface Recorded {
  api: SwapApi;
  label: string;
  name: string;
  chunks?: unknown[];
  sse?: string;
}

/** Synthetic lifecycle cases and hand-made files are left out: they are no real turn. */
const SKIP = new Set(["duplicate-message-start.jsonl", "spliced-message-start.jsonl", "parallel-tool-call-wrapper.1.jsonl"]);
const RAW_LABEL: Record<string, string> = { openrouter: "openrouter", vercel: "vercel", magistral: "mistral", xai: "xai", deepseek: "deepseek", groq: "groq", ollama: "ollama", azure: "azure-openai", perplexity: "perplexity" };
const VENDOR: Record<SharedFormat, string> = { "openai-chat": "openai", "openai-responses": "openai", anthropic: "anthropic", google: "google" };

function recordedTurns(): Recorded[] {
  const turns: Recorded[] = [];
  for (const format of ["openai-chat", "openai-responses", "anthropic", "google"] as const) {
    for (const file of listSharedStreams(format)) {
      if (SKIP.has(basename(file))) continue;
      turns.push({ api: format, label: VENDOR[format], name: basename(file), chunks: readJsonl(file).map((l) => (l.ok ? l.value : l.raw)) });
    }
  }
  const dir = sharedStreamsDir();
  if (dir !== undefined) {
    const raw = join(dir, "raw", "openai-chat");
    for (const name of readdirSync(raw).filter((n) => n.endsWith(".sse")).sort()) {
      turns.push({ api: "openai-chat", label: RAW_LABEL[name.split("_")[0] ?? ""] ?? "openai", name, sse: readFileSync(join(raw, name), "utf8") });
    }
  }
  return turns;
}

async function* replay(values: unknown[]): AsyncGenerator<unknown> {
  yield* values;
}

/** The turn's events on top of `messages`; `cut` keeps only that share of the stream (an interrupted run). */
async function runTurn(turn: Recorded, messages: Message[], runId: string, cut: number | undefined): Promise<Event[]> {
  const input: RunAgentInput = { threadId: "t", runId, messages };
  const options = { input, generateId: createSequentialIds(`${runId}-`), provider: turn.label };
  const events: Event[] = [];
  let stream: AsyncIterable<Event>;
  if (turn.sse !== undefined) {
    const body = cut === undefined ? turn.sse : turn.sse.slice(0, Math.floor(turn.sse.length * cut));
    stream = streamChatCompletionsFromResponse(replay([body]) as AsyncIterable<string>, options);
  } else {
    const chunks = turn.chunks ?? [];
    const values = cut === undefined ? chunks : chunks.slice(0, Math.floor(chunks.length * cut));
    const source = replay(values);
    stream =
      turn.api === "anthropic" ? streamMessages(source as never, options)
      : turn.api === "google" ? streamGenerateContent(source as never, options)
      : turn.api === "openai-responses" ? streamResponses(source as never, options)
      : streamChatCompletions(source as never, options);
  }
  for await (const event of stream) events.push(event);
  return events;
}

/** What the application does after a model turn with calls still open. */
type Answer = "all" | "drop-one" | "after-next-user" | "none";

interface Step {
  turn: number;
  user: boolean;
  answer: Answer;
  /** The results carry media: an image (PNG) on even ones, a document (PDF) on odd ones. */
  media: boolean;
  cut: number | undefined;
  /** What the application adds besides: user parts, instructions, activity, foreign reasoning, failed tools (app-input.ts). */
  app: AppSpec;
}

/** A request target: an API, for Chat the platform label (its dialect follows), for Gemini the model. */
interface Target {
  api: SwapApi;
  label: string;
  /** Gemini: the model (3+ takes tool media in the function response, earlier after it). */
  model?: string;
}

const TARGETS: Target[] = [
  { api: "anthropic", label: "anthropic" },
  { api: "openai-responses", label: "openai" },
  { api: "google", label: "google" },
  { api: "google", label: "google", model: "gemini-3-flash-preview" },
  { api: "google", label: "google", model: "gemini-2.5-flash" },
  ...["openai", "openrouter", "deepseek", "mistral", "gemini", "litellm", "groq", "ollama", "vllm", "llamacpp", "perplexity", "databricks", "copilot"].map((label): Target => ({ api: "openai-chat", label })),
];

function convert(target: Target, input: RunAgentInput): { params: unknown; warnings: BridgeWarning[] } {
  switch (target.api) {
    case "anthropic":
      return toMessagesRequest(input, { model: "claude-sonnet-4-6", maxTokens: 1024 });
    case "openai-responses":
      return toResponsesRequest(input, { model: "gpt-5-mini", params: { store: false } });
    case "google":
      return toGenerateContentRequest(input, target.model !== undefined ? { model: target.model } : {});
    case "openai-chat":
      return toChatCompletionsRequest(input, { model: "some-model", provider: target.label });
  }
}

type Json = Record<string, unknown>;
const bridge = (entity: { metadata?: unknown }): Json => ((entity.metadata as Json | undefined)?.["agui-bridge"] ?? {}) as Json;
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => typeof v === "object" && v !== null) : []);

/** Application tool calls a request carries. */
function sentToolCalls(api: SwapApi, body: Json): number {
  switch (api) {
    case "anthropic":
      return records(body.messages).flatMap((m) => records(m.content)).filter((b) => b.type === "tool_use").length;
    case "openai-chat":
      return records(body.messages).flatMap((m) => records(m.tool_calls)).length;
    case "openai-responses":
      return records(body.input).filter((it) => (typeof it.type === "string" && it.type.endsWith("_call") && typeof it.call_id === "string") || it.type === "mcp_approval_request").length;
    case "google":
      return records(body.contents).flatMap((c) => records(c.parts)).filter((p) => p.functionCall !== undefined).length;
  }
}

/** The problems of one conversation sent to one target. */
function conversationProblems(target: Target, messages: Message[]): string[] {
  const input: RunAgentInput = { threadId: "t", runId: "next", messages };
  let body: Json;
  let warnings: BridgeWarning[];
  try {
    const request = convert(target, input);
    body = request.params as Json;
    warnings = request.warnings;
  } catch (error) {
    return [`converter threw: ${String(error)}`];
  }
  const problems = requestProblems(target.api, body, target.label, target.model);
  const sent = JSON.stringify(body);
  // Earlier text reaches the target (each assistant text as it was streamed).
  for (const m of messages) {
    if (m.role === "assistant" && typeof m.content === "string" && m.content.trim() !== "" && bridge(m).refusal !== true) {
      // Anthropic: "final assistant content cannot end with trailing whitespace", so it is trimmed.
      // Anthropic sends a message's text blocks back as they came (`textBlocks`), the rest whole.
      const content = m.content;
      const blocks = records(bridge(m).textBlocks).map((b) => content.slice(Number(b.start), Number(b.end)));
      for (const piece of blocks.length > 0 ? blocks : [content]) {
        if (piece.trim() !== "" && !sent.includes(JSON.stringify(piece.trim()).slice(1, -1))) problems.push(`assistant text of ${m.id} is lost`);
      }
    }
    if (m.role === "user" && typeof m.content === "string" && !sent.includes(JSON.stringify(m.content).slice(1, -1))) problems.push(`user text of ${m.id} is lost`);
  }
  // Application tool calls reach the target (a provider-run call may stay with its provider).
  // OpenAI's client-run built-ins (apply_patch, local shell, …) have no Chat form on OpenAI's own
  // platform and are dropped there with a warning (classify-tool-calls.ts), by design.
  const noChatForm = (c: { metadata?: unknown }): boolean => {
    const type = bridge(c).itemType;
    return target.api === "openai-chat" && bridge(c).provider === target.label && typeof type === "string" && type !== "function_call" && type !== "custom_tool_call";
  };
  // A client tool search's result must be its `tool_search_output` (a tool list); the plain
  // results this property files are not, so Responses drops the pair (request.client-item-dropped).
  const noItemForm = (c: { metadata?: unknown }): boolean => target.api === "openai-responses" && bridge(c).provider === target.label && bridge(c).itemType === "tool_search_call";
  const appCalls = messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : [])).filter((c) => bridge(c).providerExecuted !== true && bridge(c).interrupted !== true && !noChatForm(c) && !noItemForm(c));
  const count = sentToolCalls(target.api, body);
  if (count < appCalls.length) problems.push(`${appCalls.length} application tool calls, ${count} sent`);
  // The media of results to calls the target gets reaches it, except on Chat (tool messages take
  // text only: dropped with a warning, and request-checks.ts sees none is sent).
  // Responses: the output items of OpenAI's client-run built-ins (`shell_call_output`,
  // `local_shell_call_output`, `apply_patch_call_output`, …) are text by their schema, so their
  // media cannot go either (left out here; the converter drops it without a warning: reported).
  const textOnlyItem = (c: { metadata?: unknown }): boolean => {
    const type = bridge(c).itemType;
    return target.api === "openai-responses" && bridge(c).provider === target.label && typeof type === "string" && type !== "function_call" && type !== "custom_tool_call";
  };
  if (target.api !== "openai-chat") {
    const sentCalls = new Set(appCalls.filter((c) => !textOnlyItem(c)).map((c) => c.id));
    const kinds = new Set(messages.flatMap((m) => (m.role === "tool" && sentCalls.has(m.toolCallId) && typeof m.content !== "string" ? m.content.map((p) => p.type) : [])));
    if (kinds.has("image") && !sent.includes(PNG_BASE64)) problems.push("a tool result's PNG is lost");
    if (kinds.has("document") && !sent.includes(PDF_BASE64)) problems.push("a tool result's PDF is lost");
  }
  // What else the application sent (user parts, instructions, activity, failed results): input-coverage.ts.
  const resultsGo = new Set(appCalls.filter((c) => !textOnlyItem(c)).map((c) => c.id));
  problems.push(...inputProblems(target.api, target.label, messages, body, warnings, resultsGo));
  // No opaque value reaches a platform that did not mint it.
  const entities: Array<{ encryptedValue?: string; metadata?: unknown }> = messages.flatMap((m) => [m as { encryptedValue?: string; metadata?: unknown }, ...(m.role === "assistant" ? (m.toolCalls ?? []) : [])]);
  for (const entity of entities) {
    const value = entity.encryptedValue;
    if (typeof value !== "string" || value.length < 16) continue;
    const kind = bridge(entity).encryptedKind;
    if (!isEncryptedValueUsableBy(entity, target.label, typeof kind === "string" ? kind : undefined) && sent.includes(value)) {
      problems.push(`an encrypted value minted by ${String(bridge(entity).provider)} reaches ${target.label}`);
    }
  }
  return problems;
}

/** The calls of `messages` with no tool result yet (a call cut off mid-arguments is not run). */
function openCalls(messages: Message[]): string[] {
  const answered = new Set(messages.flatMap((m) => (m.role === "tool" ? [m.toolCallId] : [])));
  return messages.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : [])).filter((c) => bridge(c).providerExecuted !== true && bridge(c).interrupted !== true && !answered.has(c.id)).map((c) => c.id);
}

/** Folds a random conversation; returns every conversation a request could be made from. */
async function compose(turns: Recorded[], steps: Step[]): Promise<Message[][]> {
  let messages: Message[] = [{ id: "u-0", role: "user", content: "Help me with a few things." }];
  let deferred: Message[] = [];
  const snapshots: Message[][] = [];
  for (const [i, step] of steps.entries()) {
    const app = appMessages(step.app, i, step.user && i > 0);
    // A late result goes after the user message, before the rest of what the application adds.
    const user = app.findIndex((m) => m.role === "user");
    messages = user === -1 ? [...messages, ...deferred, ...app] : [...messages, ...app.slice(0, user + 1), ...deferred, ...app.slice(user + 1)];
    deferred = [];
    const turn = turns[step.turn % turns.length]!;
    const events = await runTurn(turn, messages, `r${i}`, step.cut);
    messages = applyEvents(messages, events);
    const open = openCalls(messages);
    const results = open.map((id, k): Message => ({ id: `tr-${i}-${k}`, role: "tool", toolCallId: id, content: step.media ? mediaResult(`{"ok":${k}}`, k % 2 === 0 ? "image" : "document") : `{"ok":${k}}` })).map((r) => withToolError(r as Extract<Message, { role: "tool" }>, step.app));
    if (step.answer === "all") messages = [...messages, ...results];
    if (step.answer === "drop-one") messages = [...messages, ...results.slice(1)];
    if (step.answer === "after-next-user") deferred = results;
    snapshots.push(messages);
  }
  snapshots.push([...messages, { id: "u-end", role: "user", content: "Thanks." }, ...deferred]);
  return snapshots;
}

const stepArb = (n: number): fc.Arbitrary<Step> =>
  fc.record({
    turn: fc.nat({ max: n - 1 }),
    user: fc.boolean(),
    answer: fc.constantFrom<Answer>("all", "all", "drop-one", "after-next-user", "none"),
    media: fc.boolean(),
    cut: fc.option(fc.double({ min: 0.2, max: 0.9, noNaN: true }), { nil: undefined, freq: 6 }),
    app: appArb,
  });

describe(`provider swaps over random multi-turn conversations: ${sharedSuiteTitle("anthropic")}`, () => {
  const turns = sharedStreamsDir() === undefined ? [] : recordedTurns();
  it("every request every converter makes keeps the API's rules and loses nothing", async () => {
    if (turns.length === 0) return; // the title says SKIPPED
    await fc.assert(
      // A recording is used once per conversation: replaying one twice repeats its Responses item
      // ids, which real servers never do (see the report: not handled by the converter).
      fc.asyncProperty(fc.uniqueArray(stepArb(turns.length), { minLength: 1, maxLength: Number(process.env.SWAP_STEPS ?? 5), selector: (s) => s.turn }), async (steps) => {
        const snapshots = await compose(turns, steps);
        for (const messages of snapshots) {
          for (const target of TARGETS) {
            // Known, not handled: a server tool call that completed in a run cut off before its
            // result goes back unanswered (the request side cannot tell it from a deferred one).
            const cutOff = steps.some((s) => s.cut !== undefined);
            const problems = conversationProblems(target, messages).filter((p) => !(cutOff && p.includes("has no result block after it")));
            if (problems.length > 0) {
              const used = steps.map((s) => turns[s.turn % turns.length]!.name).join(" → ");
              throw new Error(`${target.api}/${target.label}${target.model !== undefined ? `/${target.model}` : ""} after ${used}: ${problems.join("; ")}`);
            }
          }
        }
      }),
      { numRuns: Number(process.env.SWAP_RUNS ?? 200), seed: Number(process.env.SWAP_SEED ?? 20261201) },
    );
  }, 180_000); // ~7 s alone; generous so a loaded machine (a parallel turbo run) cannot time it out
});

