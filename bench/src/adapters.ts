/**
 * Our adapters, one per format, behind one signature: provider chunks in, AG-UI events out.
 * Default options (random ids, no timestamps), as an application would call them.
 */
import { streamMessages, streamMessagesFromResponse } from "@agui-bridge/anthropic";
import type { Event, SseBody } from "@agui-bridge/core/adapter";
import { streamGenerateContent, streamGenerateContentFromResponse } from "@agui-bridge/google";
import {
  streamChatCompletions,
  streamChatCompletionsFromResponse,
  streamResponses,
  streamResponsesFromResponse,
} from "@agui-bridge/openai";
import type { FormatId } from "./formats.js";

/** Maps a stream of provider chunks to AG-UI events. */
export type Adapter = (chunks: AsyncIterable<unknown>) => AsyncGenerator<Event, void, undefined>;

export const ADAPTERS: Readonly<Record<FormatId, Adapter>> = {
  "openai-chat": (chunks) => streamChatCompletions(chunks),
  "openai-responses": (chunks) => streamResponses(chunks),
  anthropic: (chunks) => streamMessages(chunks),
  google: (chunks) => streamGenerateContent(chunks),
};

/** Maps raw SSE bytes to AG-UI events (the raw-bytes path: our SSE parser, no SDK). */
export type RawAdapter = (body: SseBody) => AsyncGenerator<Event, void, undefined>;

export const RAW_ADAPTERS: Readonly<Record<FormatId, RawAdapter>> = {
  "openai-chat": (body) => streamChatCompletionsFromResponse(body),
  "openai-responses": (body) => streamResponsesFromResponse(body),
  anthropic: (body) => streamMessagesFromResponse(body),
  google: (body) => streamGenerateContentFromResponse(body),
};
