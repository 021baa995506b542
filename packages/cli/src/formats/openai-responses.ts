import { streamResponses, streamResponsesFromResponse } from "@agui-bridge/openai";
import type { ReplayFormat } from "../replay-format.js";
import { openaiResponseEventsFromSse } from "./openai-replay-client.js";

/**
 * `--from openai-responses`: Responses recordings, as JSONL of `ResponseStreamEvent` objects or
 * as a raw SSE body (`event:` + `data:` frames) parsed by the `openai` SDK.
 */
export const openaiResponsesReplayFormat: ReplayFormat = {
  id: "openai-responses",
  fromChunks: (chunks, options) => streamResponses(chunks, options),
  fromSse: (body, options) => streamResponses(openaiResponseEventsFromSse(body), options),
  fromSseFast: (body, options) => streamResponsesFromResponse(new Response(new Uint8Array(body)), options),
};
