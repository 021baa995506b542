import type { AdapterStreamOptions, Event } from "@agui-bridge/core/adapter";

/** Options handed to a format when replaying. */
export type ReplayOptions = Pick<AdapterStreamOptions, "generateId" | "emitRawEvents" | "onWarning" | "threadId" | "runId" | "provider">;

/**
 * One recorded stream format the `replay` command understands. Each adapter registers its
 * formats in `formats/index.ts`.
 */
export interface ReplayFormat {
  /** The `--from` value. */
  id: string;
  /** Maps SDK chunk objects (one per JSONL line; unparseable lines arrive as their raw string). */
  fromChunks(chunks: AsyncIterable<unknown>, options: ReplayOptions): AsyncIterable<Event>;
  /**
   * Maps a raw SSE body exactly as sent over the wire. The body must be parsed by the provider's
   * own SDK (served to it through its `fetch` option), never by a hand-written parser.
   */
  fromSse(body: Uint8Array, options: ReplayOptions): AsyncIterable<Event>;
  /** `--fast`: maps a raw SSE body through the adapter's raw-bytes path (its own SSE parser, no SDK). */
  fromSseFast(body: Uint8Array, options: ReplayOptions): AsyncIterable<Event>;
}
