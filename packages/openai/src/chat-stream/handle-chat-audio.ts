import { STREAM_WARNINGS } from "@agui-bridge/core/adapter";
import type { ChatChoiceState, ChatStreamState } from "./chat-stream-state.js";
import { handleChatContent } from "./handle-chat-text.js";
import { asRecord, asString } from "../narrow.js";

/**
 * `delta.audio` (audio output, `modalities: ["text", "audio"]`): updates carry an `id`, base64
 * `data` and/or `transcript` text; the last one only `expires_at`, which ends the completion when
 * no `finish_reason` comes (gpt-4o-audio-preview sends none: openai/openai-node#1206), so the SDK
 * path, which never sees `[DONE]`, finishes the run instead of reporting it cut short. The
 * transcript is what the model said, so it streams into the turn's assistant text (when the delta has no `content` of its own),
 * byte for byte; a conversation sent back carries it as the assistant's content, which the API
 * takes. AG-UI has no audio event: the audio bytes are not modelled, reported once per stream
 * (`stream.audio-dropped`) and passed as RAW with `emitRawEvents`.
 */
export function handleChatAudio(state: ChatStreamState, choice: ChatChoiceState, delta: Record<string, unknown>): void {
  const audio = asRecord(delta.audio);
  if (audio === undefined) return;
  // The audio's last update: the end of an audio completion that sends no finish_reason.
  if (typeof audio.expires_at === "number") choice.audioExpired = true;
  const transcript = asString(audio.transcript);
  if (transcript !== undefined && typeof delta.content !== "string" && !Array.isArray(delta.content)) handleChatContent(state, choice, transcript);
  if (typeof audio.data !== "string" || audio.data === "") return;
  if (state.options.emitRawEvents === true) state.run.raw({ audio }, state.provider);
  if (state.warned.has("audio")) return;
  state.warned.add("audio");
  state.options.onWarning?.({
    code: STREAM_WARNINGS.audioDropped,
    message: "The completion streams audio, which AG-UI cannot carry: its transcript is the text, the audio bytes are dropped",
    details: { ...(typeof audio.id === "string" && { audioId: audio.id }) },
  });
}
