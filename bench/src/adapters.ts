/**
 * Our adapters, one per format, behind one signature: provider chunks in, AG-UI events out.
 * Default options (random ids, no timestamps), as an application would call them.
 */
import { streamMessages } from "@agui-bridge/anthropic";
import type { Event } from "@agui-bridge/core";
import { streamGenerateContent } from "@agui-bridge/google";
import { streamChatCompletions, streamResponses } from "@agui-bridge/openai";
import type { FormatId } from "./formats.js";

/** Maps a stream of provider chunks to AG-UI events. */
export type Adapter = (chunks: AsyncIterable<unknown>) => AsyncGenerator<Event, void, undefined>;

export const ADAPTERS: Readonly<Record<FormatId, Adapter>> = {
  "openai-chat": (chunks) => streamChatCompletions(chunks),
  "openai-responses": (chunks) => streamResponses(chunks),
  anthropic: (chunks) => streamMessages(chunks),
  google: (chunks) => streamGenerateContent(chunks),
};
