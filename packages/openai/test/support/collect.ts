import type { Event, EventType } from "@agui-bridge/core/adapter";

/** Collects an event stream. */
export async function collect(events: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** Events as JSONL text. */
export function toJsonl(events: readonly Event[]): string {
  return events.map((event) => JSON.stringify(event)).join("\n") + "\n";
}

/** The events of one type (by its name). */
export function ofType<T extends `${EventType}`>(events: readonly Event[], type: T): Array<Extract<Event, { type: T }>> {
  return events.filter((event) => (event.type as string) === type) as Array<Extract<Event, { type: T }>>;
}

/** The last event. */
export function last(events: readonly Event[]): Event {
  const event = events[events.length - 1];
  if (event === undefined) throw new Error("no events");
  return event;
}

/** Yields the values of a JSONL recording: parsed objects, or the raw line when it is not JSON. */
export async function* jsonlChunks(lines: ReadonlyArray<{ ok: true; value: unknown } | { ok: false; raw: string }>): AsyncGenerator<unknown> {
  for (const line of lines) yield line.ok ? line.value : line.raw;
}
