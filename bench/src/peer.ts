/**
 * The peer: the Vercel AI SDK provider for the same API, driven the way `streamText` drives it
 * (`model.doStream({ prompt })`), with a custom `fetch` serving the same bytes. Its output is the
 * provider's stream parts (text-delta, tool-input-delta, finish, …).
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogle } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import type { FormatId } from "./formats.js";
import { replayFetch, type BodySource } from "./sdk-parse.js";

type Model = ReturnType<ReturnType<typeof createOpenAI>["chat"]>;
/** A stream part, as far as the bench looks at it. */
export interface PeerPart {
  type: string;
}

/** Opens one peer stream over a fresh body. */
export type OpenPeerStream = () => Promise<ReadableStream<PeerPart>>;

const PROMPT: Parameters<Model["doStream"]>[0]["prompt"] = [{ role: "user", content: [{ type: "text", text: "bench" }] }];

/** The Vercel AI SDK model for `format`, answering with `body()`; call the result to open a stream. */
export function peerStreamOpener(format: FormatId, body: BodySource): OpenPeerStream {
  const fetch = replayFetch(body) as typeof globalThis.fetch;
  const model = peerModel(format, fetch);
  return async () => (await model.doStream({ prompt: PROMPT })).stream as ReadableStream<PeerPart>;
}

function peerModel(format: FormatId, fetch: typeof globalThis.fetch): Model {
  switch (format) {
    case "openai-chat":
      return createOpenAI({ apiKey: "bench", fetch }).chat("gpt-4.1-nano");
    case "openai-responses":
      return createOpenAI({ apiKey: "bench", fetch }).responses("gpt-5-mini");
    case "anthropic":
      return createAnthropic({ apiKey: "bench", fetch })("claude-sonnet-4-6");
    case "google":
      return createGoogle({ apiKey: "bench", fetch })("gemini-2.5-flash");
  }
}

/** Reads a peer stream to its end; returns how many parts it gave and their types. */
export async function drainPeer(stream: ReadableStream<PeerPart>, types?: Map<string, number>): Promise<number> {
  const reader = stream.getReader();
  let count = 0;
  for (;;) {
    const step = await reader.read();
    if (step.done) return count;
    count++;
    if (types !== undefined) types.set(step.value.type, (types.get(step.value.type) ?? 0) + 1);
  }
}
