import Anthropic from "@anthropic-ai/sdk";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Event, EventType } from "@agui-bridge/core/adapter";

const here = dirname(fileURLToPath(import.meta.url));

/** The folder of this format's own fixtures. */
export const FIXTURES_DIR = resolve(here, "..", "..", "..", "..", "test-fixtures", "anthropic");

/** Path of a fixture file. */
export function fixturePath(name: string): string {
  return join(FIXTURES_DIR, name);
}

/** Bytes of a fixture file. */
export function readFixture(name: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(readFileSync(fixturePath(name)));
}

export interface ReplayOptions {
  /** Keep the body open after the bytes (the connection stalls) until the request is aborted. */
  hang?: boolean;
  /** HTTP status to answer with (default 200). */
  status?: number;
  contentType?: string;
}

/**
 * A real Anthropic SDK client whose `fetch` answers every request with `body`: the SDK itself parses
 * the SSE bytes (event names, `error` frames), exactly as it would parse a live response.
 */
export function replayClient(body: Uint8Array | string, options: ReplayOptions = {}): Anthropic {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : new Uint8Array(body);
  return new Anthropic({
    apiKey: "replay",
    baseURL: "http://replay.invalid",
    maxRetries: 0,
    fetch: async (_url: unknown, init?: { signal?: AbortSignal | null }) => {
      const signal = init?.signal ?? undefined;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          if (options.hang !== true) controller.close();
          else signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")), { once: true });
        },
      });
      return new Response(stream, {
        status: options.status ?? 200,
        headers: { "content-type": options.contentType ?? "text/event-stream" },
      });
    },
  });
}

/** Opens a streaming request on a replay client (the SDK parses the body). */
export async function openSdkStream(client: Anthropic, signal?: AbortSignal): Promise<AsyncIterable<unknown>> {
  return client.messages.create(
    { model: "claude-replay", max_tokens: 1024, messages: [{ role: "user", content: "replay" }], stream: true },
    signal === undefined ? undefined : { signal },
  );
}

/** The SDK's events for an SSE body. */
export async function* sdkEvents(body: Uint8Array | string, options: ReplayOptions = {}): AsyncGenerator<unknown> {
  yield* await openSdkStream(replayClient(body, options));
}

/** Drains an event stream. */
export async function collect(events: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** Events as JSONL (the `.events.jsonl` fixture format). */
export function toJsonl(events: readonly Event[]): string {
  return `${events.map((event) => JSON.stringify(event)).join("\n")}\n`;
}

/** Replays a list of already-parsed SDK events. */
export async function* fromList<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

/** The enum member whose value is the string `T`. */
type MemberOf<T extends string> = { [K in EventType]: `${K}` extends T ? K : never }[EventType];

/** The events of one type. */
export function ofType<T extends `${EventType}`>(events: readonly Event[], type: T): Array<Extract<Event, { type: MemberOf<T> }>> {
  return events.filter((event): event is Extract<Event, { type: MemberOf<T> }> => event.type === (type as string));
}

/** The `agui-bridge` metadata of an event or message. */
export function bridge(entity: unknown): Record<string, unknown> {
  const metadata = (entity as { metadata?: Record<string, unknown> } | undefined)?.metadata;
  return (metadata?.["agui-bridge"] as Record<string, unknown> | undefined) ?? {};
}
