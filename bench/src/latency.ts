/**
 * 5. Latency: no added buffering. The adapter reads its chunks from an instrumented source; when the
 * adapter pulls chunk N+1, the source checks that the consumer has already received, as AG-UI content
 * events, exactly the text / reasoning / argument fragments chunk N carried (compared as text,
 * independently of the adapter). It also counts chunks whose events all came out before the next pull.
 */
import { EventType, type Event } from "@agui-bridge/core/adapter";
import { ADAPTERS } from "./adapters.js";
import { SPECS, type FormatId } from "./formats.js";
import type { BenchStream } from "./sources.js";

/** The result for one stream. */
export interface LatencyRow {
  format: FormatId;
  stream: string;
  chunks: number;
  /** Chunks carrying text / reasoning / argument fragments. */
  contentChunks: number;
  /** Of those, chunks whose fragments had all reached the consumer before the next pull. */
  onTime: number;
  /** Chunks after which at least one event reached the consumer before the next pull. */
  chunksWithEvents: number;
  /** Events that came out after the source was exhausted (the terminal event and what it closes). */
  eventsAfterLastPull: number;
  /** First mismatches, for the report. */
  examples: string[];
}

function contentDelta(event: Event): string | undefined {
  switch (event.type) {
    case EventType.TEXT_MESSAGE_CONTENT:
    case EventType.REASONING_MESSAGE_CONTENT:
    case EventType.TOOL_CALL_ARGS:
      return event.delta;
    default:
      return undefined;
  }
}

/** Streams pre-parsed chunks through the adapter with the instrumented source. */
export async function checkLatency(format: FormatId, stream: BenchStream): Promise<LatencyRow> {
  const spec = SPECS[format];
  const chunks = stream.chunks;
  const row: LatencyRow = {
    format,
    stream: `${stream.size}: ${stream.label}`,
    chunks: chunks.length,
    contentChunks: 0,
    onTime: 0,
    chunksWithEvents: 0,
    eventsAfterLastPull: 0,
    examples: [],
  };
  let pulled = 0;
  let exhausted = false;
  let received = "";
  let eventsSincePull = 0;
  const settle = (index: number): void => {
    const chunk = chunks[index];
    const expected = spec.fragments(chunk).join("");
    if (eventsSincePull > 0) row.chunksWithEvents++;
    if (expected !== "") {
      row.contentChunks++;
      if (received === expected) row.onTime++;
      else if (row.examples.length < 3) row.examples.push(`chunk ${index}: carried ${JSON.stringify(expected.slice(0, 40))}, got ${JSON.stringify(received.slice(0, 40))}`);
    }
    received = "";
    eventsSincePull = 0;
  };
  const source: AsyncIterable<unknown> = {
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        if (pulled > 0) settle(pulled - 1);
        if (pulled >= chunks.length) {
          exhausted = true;
          return { done: true, value: undefined };
        }
        return { done: false, value: chunks[pulled++] };
      },
    }),
  };
  for await (const event of ADAPTERS[format](source)) {
    if (exhausted) row.eventsAfterLastPull++;
    eventsSincePull++;
    const delta = contentDelta(event);
    if (delta !== undefined) received += delta;
  }
  // A run that ends on a terminal event stops pulling: settle the last chunk it read.
  if (!exhausted && pulled > 0) settle(pulled - 1);
  return row;
}
