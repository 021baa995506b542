import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import { asString } from "../narrow.js";
import { providerLabel } from "../provider-label.js";
import type { ResponsesStreamState } from "./responses-stream-state.js";

/**
 * `response.audio.delta` / `.done` and `response.audio.transcript.delta` / `.done` (in the
 * Responses streaming reference's event union: base64 audio bytes and the transcript of what the
 * model said). They name no output item (no `item_id`, `output_index`), so neither has a message to
 * go to, and AG-UI has no audio event: both are dropped, never silently. Reported once per stream
 * as `stream.audio-dropped` (the Chat mapper's code for audio output), RAW with `emitRawEvents`.
 */
export function handleAudioEvent(state: ResponsesStreamState, event: Record<string, unknown>): void {
  if (state.options.emitRawEvents === true) state.run.raw(event, providerLabel(state.options));
  // Only a delta carries something (the `.done` events close the stream of it).
  if (state.audioWarned === true || typeof event.delta !== "string" || event.delta === "") return;
  state.audioWarned = true;
  state.options.onWarning?.({
    code: STREAM_WARNINGS.audioDropped,
    message: "The response streams audio (and its transcript) outside any output item; AG-UI cannot carry it, so it was dropped",
    details: { eventType: asString(event.type) ?? null },
  });
}
