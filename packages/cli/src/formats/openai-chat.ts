import { streamChatCompletions, streamChatCompletionsFromResponse } from "@agui-bridge/openai";
import type { ReplayFormat } from "../replay-format.js";
import { openaiChatChunksFromSse } from "./openai-replay-client.js";

/**
 * `--from openai-chat`: Chat Completions recordings, as JSONL of `ChatCompletionChunk` objects or
 * as a raw SSE body (`data: …` frames ending with `data: [DONE]`) parsed by the `openai` SDK.
 */
export const openaiChatReplayFormat: ReplayFormat = {
  id: "openai-chat",
  fromChunks: (chunks, options) => streamChatCompletions(chunks, options),
  fromSse: (body, options) => streamChatCompletions(openaiChatChunksFromSse(body), options),
  fromSseFast: (body, options) => streamChatCompletionsFromResponse(new Response(new Uint8Array(body)), options),
};
