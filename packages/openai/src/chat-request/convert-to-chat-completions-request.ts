import {
  isMintedBy,
  readBridgeMetadata,
  REQUEST_WARNINGS,
  renderContext,
  uniqueToolCallIds,
  warnUnknownRole,
  type BridgeWarning,
  type ContentPart,
  type Message,
  type RunAgentInput,
  type Tool,
  type ToolCall,
  type ToolCallIdRule,
  type WarningHandler,
} from "@agui-bridge/core/adapter";
import { parseRunAgentInput, uniqueTools, warnUnsentEncryptedValues, withToolErrorNote, withWellFormedText } from "@agui-bridge/core/adapter";
import { fitChatToolCalls } from "./fit-chat-tool-calls.js";
import { fitGeminiThoughtSignatures } from "./fit-gemini-thought-signatures.js";
import { nameGeminiToolResults } from "./fit-gemini-tool-results.js";
import { fitMistralRoleOrder, needsMistralRoleOrder } from "./fit-mistral-role-order.js";
import { fitPerplexityRoleOrder } from "./fit-perplexity-role-order.js";
import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import { classifyAllToolCalls, sentAsChatToolCall, type ToolCallRole } from "../request/classify-tool-calls.js";
import { warnForeignCitedFiles } from "../request/convert-cited-files.js";
import { convertContentParts, textDocumentText } from "../request/convert-content-parts.js";
import { askedCacheBreakpoint, CACHE_BREAKPOINT_DROPPED_WARNING } from "../request/cache-breakpoint.js";
import { chatDialect, requestChatDialect, type ChatDialect, type ChatDialectOption } from "../chat-dialect.js";
import { collectChatReasoning, reasoningFieldsFor, warnUnsentReasoning, type ChatReasoningBack } from "./convert-chat-reasoning.js";
import { providerLabel, type ProviderLabelOption } from "../provider-label.js";
import { createRequestSink, targetOf, type WarningSink } from "../request/request-warnings.js";
import {
  assertChatMessages,
  assistantTextFor,
  chatInputMessages,
  chatToolCallName,
  developerRoleFor,
  emptyAssistantContentFor,
  isOpenAIPlatform,
  keepUserContent,
  messageNameFor,
  streamOptionsFor,
} from "./chat-request-rules.js";
import { CHAT_TOOL_CALL_ID, DATABRICKS_TOOL_CALL_ID, DEEPSEEK_TOOL_CALL_ID, LITELLM_TOOL_CALL_ID, MISTRAL_TOOL_CALL_ID } from "../request/tool-name-rule.js";
import { chatToolCall } from "./convert-chat-tool-call.js";
import { toolParameters } from "../request/tool-parameters.js";

/** Options of {@link toChatCompletionsRequest}. */
export interface ChatCompletionsRequestOptions extends ProviderLabelOption, ChatDialectOption {
  /** The model to call. */
  model: string;
  /** Extra request parameters (temperature, reasoning_effort, provider tools, …), merged in. */
  params?: Partial<Omit<ChatCompletionCreateParamsStreaming, "messages" | "stream">>;
  /** Told about everything dropped, as it happens. */
  onWarning?: WarningHandler;
}

/** Streaming Chat Completions params with what was dropped to build them. */
export interface ChatCompletionsRequest {
  params: ChatCompletionCreateParamsStreaming;
  warnings: BridgeWarning[];
}

/**
 * Converts AG-UI run input into streaming Chat Completions params (`stream: true`,
 * `stream_options.include_usage`, not for the `mistral` dialect): system/developer (`system` to
 * servers other than OpenAI's platforms)/user/assistant/tool messages (a message's `name` to the
 * servers that document the field, see `messageNameFor`), assistant tool
 * calls and tool results, content parts, tools, and `context` as a leading system message.
 * Reasoning messages are dropped (Chat cannot take them; a warning when one carried an encrypted
 * value), as are parts the API cannot take, foreign file handles and provider-executed calls.
 * Custom tool calls OpenAI streamed go back as `type: "custom"` calls; a Gemini thought signature
 * recorded on a call goes back, to the label that minted it, as its `extra_content` (`gemini` dialect),
 * and a current-turn call with none gets Gemini's documented placeholder signature.
 */
export function toChatCompletionsRequest(input: RunAgentInput, options: ChatCompletionsRequestOptions): ChatCompletionsRequest {
  // Bad input gets the same typed error (RunInputError, naming the path) in every converter.
  parseRunAgentInput(input, { conversationOnly: true });
  const sink = createRequestSink(options.onWarning, providerLabel(options));
  // Ids repeated across the conversation (`call_0` in every turn) made unique before anything reads them.
  const unique: RunAgentInput = { ...input, messages: uniqueToolCallIds(input.messages, sink) };
  const inputMessages = chatInputMessages(unique, sink);
  const roles = classifyAllToolCalls(unique.messages, "chat", sink);
  const sent = (call: ToolCall): boolean => sentAsChatToolCall(roles, call);
  const reasoning = collectChatReasoning(unique.messages, requestChatDialect(options), sink, sent);
  const messages: ChatCompletionMessageParam[] = [];
  const context = renderContext(input.context);
  if (context !== undefined) messages.push({ role: "system", content: context });
  for (const message of inputMessages) messages.push(...convertMessage(message, roles, reasoning, sink));
  // A sent call's value goes back (or is reported) by the dialect's rule; a call left out for its
  // role (provider-executed, another API's item) takes its value with it, reported here like any
  // other value outside reasoning.
  warnUnsentEncryptedValues(inputMessages, sink, targetOf(sink), (holder) => holder.kind === "tool-call" && sent(holder.call));
  assertChatMessages(messages);
  const extra = options.params ?? {};
  const tools = [...(extra.tools ?? []), ...uniqueTools(input.tools, sink).map((tool) => convertTool(tool, sink))];
  // Tool call ids and order another provider's conversation may break (after every other rewrite).
  // The id rule is the server's, by its label: a DeepSeek model behind a gateway (which takes
  // DeepSeek's reasoning rule) keeps the gateway's own id limit.
  fitChatToolCalls(messages, sink, toolCallIdRule(chatDialect(options), options.model));
  // Mistral (its API, or a Mistral model behind a gateway): no user or system message right after tool results.
  if (needsMistralRoleOrder(reasoning.dialect, options.model)) fitMistralRoleOrder(messages, sink, { prefix: reasoning.dialect !== "groq" });
  // Perplexity: system messages first, then user and assistant alternating.
  if (targetOf(sink) === "perplexity") fitPerplexityRoleOrder(messages, sink);
  // Gemini 3: the first call of each step of the current turn carries a thought signature.
  if (reasoning.dialect === "gemini") fitGeminiThoughtSignatures(messages);
  // Gemini: a tool message names the function it answers (its functionResponse needs the name).
  if (reasoning.dialect === "gemini") nameGeminiToolResults(messages);
  const params: ChatCompletionCreateParamsStreaming = {
    ...extra,
    model: options.model,
    messages,
    stream: true,
    ...streamOptionsFor(reasoning.dialect, extra.stream_options),
    ...(tools.length > 0 && { tools }),
  } as ChatCompletionCreateParamsStreaming;
  // Text cut through a UTF-16 pair would make the whole body invalid JSON to the API.
  return { params: withWellFormedText(params, sink), warnings: sink.warnings };
}

/**
 * The tool call id rule of the server a dialect speaks to. A Mistral model takes Mistral's ids
 * under any label: the check is mistral-common's, which Mistral's API and the servers rendering a
 * Mistral model with it run alike (its 400 comes back through OpenRouter too).
 */
function toolCallIdRule(dialect: ChatDialect, model: string): ToolCallIdRule {
  if (needsMistralRoleOrder(dialect, model)) return MISTRAL_TOOL_CALL_ID;
  if (dialect === "databricks") return DATABRICKS_TOOL_CALL_ID;
  if (dialect === "deepseek") return DEEPSEEK_TOOL_CALL_ID;
  return dialect === "litellm" ? LITELLM_TOOL_CALL_ID : CHAT_TOOL_CALL_ID;
}

function convertMessage(
  message: Message,
  roles: Map<string, ToolCallRole>,
  reasoning: ChatReasoningBack,
  sink: WarningSink,
): ChatCompletionMessageParam[] {
  switch (message.role) {
    case "system":
      return [{ role: "system", content: message.content, ...messageNameFor(message, targetOf(sink), sink) }];
    case "developer":
      return [{ role: developerRoleFor(targetOf(sink)), content: message.content, ...messageNameFor(message, targetOf(sink), sink) }];
    case "user": {
      const content = userContent(message.content, sink, `message ${message.id}`);
      if (!keepUserContent(content, message.id, sink)) return [];
      return [{ role: "user", content, ...messageNameFor(message, targetOf(sink), sink) } as ChatCompletionMessageParam];
    }
    case "assistant": {
      if (warnForeignCitedFiles(message, sink) && isMintedBy(message, targetOf(sink))) {
        sink.warn("request.cited-files-dropped", `assistant message ${message.id}: Chat Completions takes no annotations; the files it cites are not sent`, {
          messageId: message.id,
        });
      }
      const calls = (message.toolCalls ?? []).filter((call) => sentAsChatToolCall(roles, call));
      // `refusal` is OpenAI's own field (Mistral answers 422 extra_forbidden, Groq 400 for unknown
      // message properties): other servers get the refusal text as the content.
      const refusal = readBridgeMetadata(message.metadata)?.refusal === true && isOpenAIPlatform(targetOf(sink));
      const content = assistantTextFor(targetOf(sink), message.content);
      const back = reasoningFieldsFor(message, calls, reasoning, sink);
      if (calls.length === 0 && content === "" && back === undefined) {
        if ((message.content ?? "") !== "") {
          sink.warn(REQUEST_WARNINGS.emptyMessage, `Assistant message ${message.id} has only blank text, which ${targetOf(sink)} rejects; dropped`, { messageId: message.id });
        }
        return [];
      }
      return [
        {
          role: "assistant",
          ...messageNameFor(message, targetOf(sink), sink),
          ...(refusal ? { refusal: content, content: null } : content === "" ? emptyAssistantContentFor(targetOf(sink)) : { content }),
          // The dialect's reasoning fields (Mistral's replace `content` with thinking + text chunks).
          ...back,
          ...(calls.length > 0 && {
            tool_calls: calls.map((call) => chatToolCall(call, roles.get(call.id) === "custom", chatToolCallName(call, targetOf(sink), sink), targetOf(sink), reasoning.dialect, sink)),
          }),
        },
      ];
    }
    case "tool": {
      if (roles.get(message.toolCallId) === "omit") return [];
      return [{ role: "tool", tool_call_id: message.toolCallId, content: toolContent(message.content, message.error, sink, message.id) }];
    }
    case "reasoning":
      if (!reasoning.sentBack.has(message.id)) warnUnsentReasoning(message, sink);
      return [];
    default:
      warnUnknownRole(sink, message, "Chat Completions");
      return [];
  }
}

function userContent(content: string | ContentPart[], sink: WarningSink, where: string): string | Record<string, unknown>[] {
  if (typeof content === "string") return content;
  return convertContentParts(content, "chat", sink, where);
}

/**
 * Chat tool results take text only: text parts (and the decoded text of text documents) are
 * joined, anything else dropped with a warning.
 * A tool message has no error field: a failed result's error is its content when it has none,
 * else it follows the content as `Error: <error>` (core's `withToolErrorNote`).
 */
function toolContent(content: string | ContentPart[], error: string | undefined, sink: WarningSink, id: string): string {
  let text: string;
  if (typeof content === "string") text = content;
  else {
    const texts: string[] = [];
    content.forEach((part, index) => {
      if (part.type === "text") {
        texts.push(part.text);
        // The parts are joined into one string: a breakpoint between them has nowhere to go.
        if (part.metadata !== undefined && askedCacheBreakpoint(part) !== undefined) {
          sink.warn(CACHE_BREAKPOINT_DROPPED_WARNING, `tool message ${id} part ${index}: Chat tool results go as one string; the part's prompt_cache_breakpoint is not sent`, {
            where: `tool message ${id} part ${index}`,
          });
        }
      } else {
        // A text document goes as the text it holds (OpenAI's "File inputs" guide), joined like a text part.
        const documentText = textDocumentText(part, sink, `tool message ${id} part ${index}`);
        if (documentText !== undefined) {
          texts.push(documentText);
          return;
        }
        sink.warn(REQUEST_WARNINGS.unsupportedPart, `tool message ${id} part ${index}: Chat tool results take text only; a ${part.type} part was dropped`, {
          where: `tool message ${id} part ${index}`,
          partType: part.type,
        });
      }
    });
    text = texts.join("\n");
  }
  if (text === "" && error !== undefined) return error;
  return withToolErrorNote(text, error);
}

/** A declared tool as a Chat function tool (no `strict`: the API's default, off; its parameters by {@link toolParameters}). */
function convertTool(tool: Tool, sink: WarningSink): ChatCompletionTool {
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: toolParameters(tool, sink) },
  };
}
