import type { Event, EventType } from "@agui-bridge/core/adapter";

/** Drains an event stream into an array. */
export async function collect(events: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** The events as JSONL, one per line. */
export function toJsonl(events: readonly Event[]): string {
  return `${events.map((event) => JSON.stringify(event)).join("\n")}\n`;
}

/** Events of one type. */
export function ofType<K extends `${EventType}`>(events: readonly Event[], type: K): Array<Extract<Event, { type: K }>> {
  return events.filter((event): event is Extract<Event, { type: K }> => event.type === type);
}
