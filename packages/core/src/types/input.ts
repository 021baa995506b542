import type { Message } from "./messages.js";
import type { Metadata, State } from "./common.js";

/** A text part. */
export interface TextPart {
  type: "text";
  id?: string;
  text: string;
  metadata?: unknown;
}

/** Bytes carried inline, base64-encoded. */
export interface DataSource {
  type: "data";
  value: string;
  mimeType: string;
}

/** Bytes referenced by URL. */
export interface UrlSource {
  type: "url";
  value: string;
  mimeType?: string;
}

/**
 * Bytes already at the provider, named by a handle it issued. The handle is opaque: never fetched,
 * parsed or rewritten. `provider` is the lowercase vendor id that minted it, when known.
 */
export interface FileSource {
  type: "file";
  value: string;
  provider?: string;
  mimeType?: string;
}

/** Where a media part's bytes come from. */
export type PartSource = DataSource | UrlSource | FileSource;

/** An image part. */
export interface ImagePart {
  type: "image";
  id?: string;
  source: PartSource;
  metadata?: unknown;
}
/** An audio part. */
export interface AudioPart {
  type: "audio";
  id?: string;
  source: PartSource;
  metadata?: unknown;
}
/** A video part. */
export interface VideoPart {
  type: "video";
  id?: string;
  source: PartSource;
  metadata?: unknown;
}
/** A document part. */
export interface DocumentPart {
  type: "document";
  id?: string;
  source: PartSource;
  metadata?: unknown;
}

/** One part of a user message or a tool result. */
export type ContentPart = TextPart | ImagePart | AudioPart | VideoPart | DocumentPart;

/** A tool the agent may call. `parameters` is a JSON Schema, carried opaquely. */
export interface Tool {
  name: string;
  description: string;
  parameters?: unknown;
  metadata?: Metadata;
}

/** A named piece of ambient information given to the agent for the run. */
export interface Context {
  description: string;
  value: string;
}

/** An answer to one interrupt, sent on the run that continues from it. */
export interface ResumeEntry {
  interruptId: string;
  status: "resolved" | "cancelled";
  payload?: unknown;
  metadata?: Metadata;
}

/** A request to run an agent. Only `threadId`, `runId` and `messages` are required. */
export interface RunAgentInput {
  threadId: string;
  runId: string;
  protocolVersion?: string;
  parentRunId?: string;
  state?: State;
  messages: Message[];
  tools?: Tool[];
  context?: Context[];
  forwardedProps?: unknown;
  resume?: ResumeEntry[];
}
