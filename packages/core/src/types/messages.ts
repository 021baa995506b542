import type { Metadata, SubagentRunId, ToolCall } from "./common.js";
import type { ContentPart } from "./input.js";

/** The roles a streamed text message may take. */
export type TextMessageRole = "developer" | "system" | "assistant" | "user";

/** Every role a materialised message may have. */
export type Role = "developer" | "system" | "assistant" | "user" | "tool" | "activity" | "reasoning";

interface BaseMessageFields {
  subagentRunId?: SubagentRunId;
  id: string;
  name?: string;
  encryptedValue?: string;
  metadata?: Metadata;
}

/** Instructions from the application developer. */
export interface DeveloperMessage extends BaseMessageFields {
  role: "developer";
  content: string;
}

/** Instructions from the system. */
export interface SystemMessage extends BaseMessageFields {
  role: "system";
  content: string;
}

/** A message from the agent; a turn may consist only of tool calls. */
export interface AssistantMessage extends BaseMessageFields {
  role: "assistant";
  content?: string;
  toolCalls?: ToolCall[];
}

/** A message from the person using the application. */
export interface UserMessage extends BaseMessageFields {
  role: "user";
  content: string | ContentPart[];
}

/** What a tool returned. */
export interface ToolMessage {
  subagentRunId?: SubagentRunId;
  id: string;
  role: "tool";
  content: string | ContentPart[];
  toolCallId: string;
  error?: string;
  encryptedValue?: string;
  metadata?: Metadata;
}

/** Structured progress materialised as a message. */
export interface ActivityMessage {
  subagentRunId?: SubagentRunId;
  id: string;
  role: "activity";
  activityType: string;
  content: Record<string, unknown>;
  metadata?: Metadata;
}

/** A span of the agent's reasoning materialised as a message. */
export interface ReasoningMessage {
  subagentRunId?: SubagentRunId;
  id: string;
  role: "reasoning";
  content: string;
  encryptedValue?: string;
  metadata?: Metadata;
}

/** Any message in a conversation, discriminated by `role`. */
export type Message =
  | DeveloperMessage
  | SystemMessage
  | AssistantMessage
  | UserMessage
  | ToolMessage
  | ActivityMessage
  | ReasoningMessage;
