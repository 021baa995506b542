import {
  assertToolNames,
  claimsProviderExecuted,
  EmptyRequestError,
  isEncryptedValueUsableBy,
  isMintedBy,
  pairToolResults,
  providerLabel,
  REQUEST_WARNINGS,
  uniqueToolCallIds,
  warnUnknownRole,
  readBridgeMetadata,
  renderContext,
  type BridgeWarning,
  type Message,
  type ReasoningMessage,
  type RunAgentInput,
  type Tool,
  type ToolMessage,
  type WarningHandler,
} from "@agui-bridge/core/adapter";
import { parseRunAgentInput, toolErrorNote, uniqueTools, warnUnsentEncryptedValues, withToolErrorNote, withWellFormedText } from "@agui-bridge/core/adapter";
import type {
  ContentBlockParam,
  MessageCreateParamsBase,
  MessageParam,
  TextBlockParam,
  Tool as AnthropicTool,
  ToolResultBlockParam,
  ToolUnion,
} from "@anthropic-ai/sdk/resources/messages";
import { buildAssistantTurn, providerResultBlock } from "./build-assistant-turn.js";
import { ANTHROPIC_SIGNATURE } from "../stream/handle-reasoning.js";
import { warnForeignCitedFiles } from "./convert-cited-files.js";
import { convertUserContent } from "./convert-user-content.js";
import { unifySearchResultCitations } from "./search-result-part.js";
import { ANTHROPIC_TOOL_NAME, isAnthropicProviderCall } from "./tool-rules.js";
import { appendToAssistantTurn, dropEmptyTurns } from "./merge-assistant-turn.js";
import { dropUnansweredServerCalls } from "./unanswered-server-calls.js";
import { warnRefusedTurns } from "./refused-turns.js";
import { dropTrailingThinking } from "./trailing-thinking.js";
import { declinedServerCalls, dropDeclinedAttempt } from "./declined-attempt.js";
import { createWarningSink, type WarningSink } from "./request-warnings.js";
import { isBlank, trimFinalAssistantTurn } from "./blank-text.js";
import { placeToolResult } from "./place-tool-result.js";
import { createToolIdMap, type ToolIdMap } from "./tool-call-ids.js";
import { dropOrphanCallers } from "./orphan-callers.js";
import { keepUserTurnFirst } from "./leading-user-turn.js";
import { withCacheBreakpoints, type PromptCachingOptions } from "./prompt-caching.js";
import { pendingContainer } from "../code-execution-container.js";
import { toInputSchema } from "./tool-input-schema.js";
import { toolCallsById, toolsetNameOf } from "./toolset-name.js";
import { toolResultPartReader } from "./tool-result-parts.js";
import { blockOwner } from "./block-owner.js";

const PROVIDER = "anthropic";

/** Options for {@link toMessagesRequest}. */
export interface MessagesRequestOptions {
  /** Sets `model` on the params. */
  model?: MessageCreateParamsBase["model"];
  /** Sets `max_tokens` on the params. */
  maxTokens?: number;
  /** Told about every dropped value (also returned in `warnings`). */
  onWarning?: WarningHandler;
  /**
   * The platform the request goes to (default `anthropic`; `amazon-bedrock`,
   * `google-vertex-anthropic`): reasoning and provider-run calls are sent back only when minted
   * there, except what the vendor documents as cross-platform (see `isEncryptedValueUsableBy`).
   */
  provider?: string;
  /**
   * Prompt caching: `true` (or `{ ttl }`) adds `cache_control` breakpoints on the last tool, the
   * last system block and the last two user turns ({@link withCacheBreakpoints}). Off by default.
   */
  promptCaching?: boolean | PromptCachingOptions;
}

/** `MessageCreateParams` without the fields the caller supplies (`model`, `max_tokens`, `stream`). */
export type MessagesRequestParams = Omit<MessageCreateParamsBase, "model" | "max_tokens" | "stream"> & {
  model?: MessageCreateParamsBase["model"];
  max_tokens?: number;
};

/** The converted request and what was dropped on the way. */
export interface MessagesRequest {
  params: MessagesRequestParams;
  warnings: BridgeWarning[];
}

/**
 * Converts AG-UI run input into Anthropic `MessageCreateParams`:
 * - system and developer messages, and the `context` entries, → top-level `system`;
 * - user messages → user turns (text, image, document parts; audio and video dropped with a warning);
 * - assistant messages → assistant turns with text, `tool_use` blocks (and, for calls Anthropic ran
 *   itself, `server_tool_use` / `mcp_tool_use` plus their result blocks);
 * - tool messages → `tool_result` blocks in the following user turn (consecutive results merged;
 *   `is_error` from the message's `error`); results of calls another provider ran itself are
 *   dropped with their call;
 * - file handles: parts minted by another provider are dropped with a warning, as are files
 *   another provider's assistant message cites (they only live in its metadata);
 * - reasoning messages minted by Anthropic → `thinking` (with signature) or `redacted_thinking`
 *   blocks placed before the text and tool_use of their assistant turn, in order; reasoning from
 *   other providers, and thinking another Claude model than `options.model` made (its signature is
 *   bound to that model), is dropped with a warning;
 * - `fallback` blocks the stream side recorded → put back at their position (first-party API only),
 *   the thinking and client tool calls before a response's final one left out (`dropDeclinedAttempt`);
 * - `mcp_tool_listing` blocks the stream side recorded → put back at their position (the platform
 *   that made them only), so the server need not ask the MCP server again;
 * - tools → `{ name, description, input_schema }`;
 * - `container`: the code execution container the last assistant turn's programmatic tool calls
 *   wait in (recorded on their TOOL_CALL_END as `containerId`), which the results must name.
 * Never throws for content it cannot send: it drops it and reports a warning.
 */
export function toMessagesRequest(
  input: Pick<RunAgentInput, "messages"> & Partial<Pick<RunAgentInput, "tools" | "context">>,
  options: MessagesRequestOptions = {},
): MessagesRequest {
  // Bad input gets the same typed error (RunInputError, naming the path) in every converter.
  parseRunAgentInput(input, { conversationOnly: true });
  const sink = createWarningSink(options.onWarning);
  assertToolNames(input.tools, ANTHROPIC_TOOL_NAME);
  // The declined attempt of a fallback-served response is left out first, with the results of its calls.
  const kept = dropDeclinedAttempt(input.messages, sink);
  // Ids must be unique within the request: a repeated one is renamed before the pairing rule runs.
  const messages = pairToolResults(uniqueToolCallIds(kept, sink), sink, { isProviderRun: claimsProviderExecuted });
  const system: TextBlockParam[] = [];
  const turns: MessageParam[] = [];
  const platform = providerLabel(options.provider, PROVIDER);
  const plan = planTurns(messages, platform);
  const toolId = createToolIdMap(sink);
  // Thinking goes back only to the model that made it (thinking-rule.ts).
  const model = typeof options.model === "string" ? options.model : undefined;
  const turnParts = { platform, toolId, ...(model !== undefined && { model }) };
  const calls = toolCallsById(messages);
  let pendingReasoning: ReasoningMessage[] = [];

  const push = (role: "user" | "assistant", blocks: ContentBlockParam[]): void => {
    if (blocks.length === 0) return;
    const last = turns[turns.length - 1];
    if (last !== undefined && last.role === role && Array.isArray(last.content)) {
      if (role === "assistant") appendToAssistantTurn(last.content, blocks, sink);
      else last.content.push(...blocks);
    }
    else turns.push({ role, content: [...blocks] });
  };
  const flushReasoning = (): void => {
    if (pendingReasoning.length === 0) return;
    push("assistant", buildAssistantTurn(undefined, { ...turnParts, reasoning: pendingReasoning, providerResults: new Map() }, sink));
    pendingReasoning = [];
  };

  messages.forEach((message, position) => {
    switch (message.role) {
      case "system":
      case "developer":
        // Whitespace-only system text is rejected by the API ("must contain non-whitespace text").
        if (!isBlank(message.content)) system.push({ type: "text", text: message.content });
        return;
      case "user": {
        flushReasoning();
        const blocks = convertUserContent(message.content, sink, `message ${position}`, platform);
        if (blocks.length === 0) {
          sink.warn(REQUEST_WARNINGS.emptyMessage, `User message ${message.id} has nothing Anthropic can take; dropped`, { messageId: message.id });
        }
        push("user", blocks);
        return;
      }
      case "tool": {
        const deferred = plan.deferredResults.has(message.toolCallId) ? providerResultBlock(message) : undefined;
        // A deferred server tool's result begins the assistant turn after the client results.
        if (deferred !== undefined) push("assistant", [deferred]);
        if (plan.providerResults.has(message.toolCallId) || plan.deferredResults.has(message.toolCallId)) return;
        // The result of a call another provider ran itself: the call was dropped, so is its result.
        if (plan.foreignProviderCalls.has(message.toolCallId)) return;
        flushReasoning();
        placeToolResult(turns, toolResult(message, sink, position, platform, toolId, toolsetNameOf(calls.get(message.toolCallId), platform)));
        return;
      }
      case "reasoning":
        if (plan.linkedReasoning.has(message.id)) return;
        if (!reasoningUsable(message, platform)) {
          sink.warn(REQUEST_WARNINGS.foreignReasoning, `Reasoning ${message.id} was not produced by Anthropic; dropped`, {
            messageId: message.id,
          });
          return;
        }
        pendingReasoning.push(message);
        return;
      case "assistant": {
        warnForeignCitedFiles(message, sink, platform);
        const reasoning = [...pendingReasoning, ...(plan.reasoningByTurn.get(message.id) ?? [])];
        pendingReasoning = [];
        push("assistant", buildAssistantTurn(message, { ...turnParts, reasoning, providerResults: plan.providerResults }, sink));
        return;
      }
      default:
        warnUnknownRole(sink, message, "Anthropic");
        return;
    }
  });
  flushReasoning();
  // Only reasoning messages carry encrypted values here (thinking signatures, redacted data): any
  // other one (a Gemini signature on a text or a call) is reported, never sent.
  warnUnsentEncryptedValues(messages, sink, platform);
  warnRefusedTurns(messages, sink, platform);
  // A server call of a fallback's declined attempt without its result can never be answered.
  dropUnansweredServerCalls(turns, sink, declinedServerCalls(messages));
  dropOrphanCallers(turns, sink);
  trimFinalAssistantTurn(turns);
  dropTrailingThinking(turns, sink);
  dropEmptyTurns(turns);
  // Dropping trailing thinking can leave a final text block that ends with whitespace.
  trimFinalAssistantTurn(turns);
  unifySearchResultCitations(turns, sink);
  // The API refuses a conversation whose first turn is the assistant's.
  keepUserTurnFirst(turns, sink);
  if (turns.length === 0) {
    throw new EmptyRequestError("Nothing in the run input can be sent to Anthropic: the request would have no messages");
  }

  const contextText = renderContext(input.context);
  if (contextText !== undefined) system.push({ type: "text", text: contextText });
  const tools = uniqueTools(input.tools, sink).map((tool) => convertTool(tool, sink));
  // Results of calls made by code go back to the container the code waits in.
  const container = pendingContainer(messages, turns, platform, toolId);

  const request: MessagesRequestParams = {
    messages: turns,
    ...(system.length > 0 && { system }),
    ...(tools.length > 0 && { tools }),
    ...(container !== undefined && { container }),
    ...(options.model !== undefined && { model: options.model }),
    ...(options.maxTokens !== undefined && { max_tokens: options.maxTokens }),
  };
  const caching = options.promptCaching;
  const params = caching === undefined || caching === false ? request : withCacheBreakpoints(request, caching === true ? {} : caching);
  // A lone surrogate (text cut through an emoji) makes the API refuse the whole body as invalid JSON.
  return { params: withWellFormedText(params, sink), warnings: sink.warnings };
}

interface TurnPlan {
  /** Ids of reasoning messages placed in the turn of the assistant message they name. */
  linkedReasoning: Set<string>;
  reasoningByTurn: Map<string, ReasoningMessage[]>;
  /** Results of provider-executed calls (they live in the assistant turn), by tool call id. */
  providerResults: Map<string, ToolMessage>;
  /**
   * Results of provider-executed calls deferred past the client results of their turn (a server
   * tool and a client tool in one response: Anthropic runs the server tool after the client's
   * `tool_result` turn and its result begins the next response). They stay where they came,
   * at the start of that later assistant turn, as Anthropic's "Mixing server tools and client
   * tools in one turn" asks (the assistant → user tool_result → assistant result sequence kept).
   */
  deferredResults: Map<string, ToolMessage>;
  /** Ids of calls another provider ran itself, or that Anthropic cannot have run (dropped with their results). */
  foreignProviderCalls: Set<string>;
}

/** Finds the reasoning and provider-run results that belong to a known assistant message. */
function planTurns(messages: readonly Message[], platform: string): TurnPlan {
  const assistantIds = new Set<string>();
  const providerCalls = new Set<string>();
  const foreignProviderCalls = new Set<string>();
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    assistantIds.add(message.id);
    for (const call of message.toolCalls ?? []) {
      const fields = readBridgeMetadata(call.metadata);
      if (fields?.providerExecuted !== true) continue;
      const valid = isMintedBy(call, platform) && isAnthropicProviderCall(call)(fields);
      (valid ? providerCalls : foreignProviderCalls).add(call.id);
    }
  }
  const plan: TurnPlan = { linkedReasoning: new Set(), reasoningByTurn: new Map(), providerResults: new Map(), deferredResults: new Map(), foreignProviderCalls };
  const callPosition = new Map<string, number>();
  messages.forEach((message, position) => {
    if (message.role === "assistant") for (const call of message.toolCalls ?? []) callPosition.set(call.id, position);
  });
  // A client turn between a provider call and its result: a user message or a client call's result.
  const clientTurnBetween = (from: number, to: number): boolean =>
    messages.slice(from + 1, to).some((m) => m.role === "user" || (m.role === "tool" && !providerCalls.has(m.toolCallId)));
  messages.forEach((message, position) => {
    if (message.role !== "tool" || !providerCalls.has(message.toolCallId)) return;
    const deferred = clientTurnBetween(callPosition.get(message.toolCallId) ?? position, position);
    (deferred ? plan.deferredResults : plan.providerResults).set(message.toolCallId, message);
  });
  for (const message of messages) {
    if (message.role !== "reasoning" || !reasoningUsable(message, platform)) continue;
    const owner = blockOwner(message.metadata);
    if (owner === undefined || !assistantIds.has(owner)) continue;
    plan.linkedReasoning.add(message.id);
    const list = plan.reasoningByTurn.get(owner) ?? [];
    list.push(message);
    plan.reasoningByTurn.set(owner, list);
  }
  return plan;
}

/** Whether a reasoning message's signature or redacted data may go to `platform`. */
function reasoningUsable(message: ReasoningMessage, platform: string): boolean {
  const kind = readBridgeMetadata(message.metadata)?.encryptedKind;
  return isEncryptedValueUsableBy(message, platform, typeof kind === "string" ? kind : ANTHROPIC_SIGNATURE);
}

/** The content of an error result that has none (the API rejects an empty error result). */
const EMPTY_ERROR_CONTENT = "The tool call failed.";

/** A client call's result; `toolsetName` is its call's family when the call is a toolset member (toolset-name.ts). */
function toolResult(message: ToolMessage, sink: WarningSink, position: number, platform: string, toolId: ToolIdMap, toolsetName: string | undefined): ToolResultBlockParam {
  const isError = message.error !== undefined;
  const where = `message ${position}`;
  let content: ToolResultBlockParam["content"] =
    typeof message.content === "string"
      ? message.content
      : convertUserContent(message.content, sink, where, platform, toolResultPartReader({ isError, toolsetName }, sink, where));
  // Whitespace-only text is rejected as a text block; a result without content is a valid empty result.
  if (typeof content === "string" && isBlank(content)) content = undefined;
  const empty = content === undefined || content.length === 0;
  // "content cannot be empty if `is_error` is true": the error text, else a generic one.
  if (isError && empty) content = message.error !== undefined && !isBlank(message.error) ? message.error : EMPTY_ERROR_CONTENT;
  else if (isError) content = withErrorNote(content, message.error);
  return {
    type: "tool_result",
    tool_use_id: toolId(message.toolCallId),
    ...(content !== undefined && { content }),
    ...(isError && { is_error: true }),
    ...(toolsetName !== undefined && { toolset_name: toolsetName }),
  };
}

/**
 * A failed result's content with its error after it (core's `toolErrorNote`): `is_error` only
 * flags the failure, so the error's text would otherwise not reach the model beside the content.
 */
function withErrorNote(content: ToolResultBlockParam["content"], error: string | undefined): ToolResultBlockParam["content"] {
  if (content === undefined) return content;
  if (typeof content === "string") return withToolErrorNote(content, error);
  const text = content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
  const note = toolErrorNote(text, error, { hasMedia: content.some((block) => block.type !== "text") });
  return note === undefined ? content : [...content, { type: "text", text: note }];
}

function convertTool(tool: Tool, sink: WarningSink): ToolUnion {
  return {
    name: tool.name,
    ...(tool.description !== "" && { description: tool.description }),
    input_schema: toInputSchema(tool.name, tool.parameters, sink) as AnthropicTool.InputSchema,
  };
}
