/**
 * The check every hostile-iterator property runs over an adapter's output (issue 16, items 7 and
 * 8): conformant, one terminal event last (RUN_FINISHED or RUN_ERROR), a RUN_ERROR carrying one of
 * the normalized error categories.
 */
import { assertConformant } from "@agui-bridge/conformance";
import { isErrorCategory, readBridgeMetadata, type Event } from "@agui-bridge/core/adapter";

/** Drains a run (an escaping exception fails with its text) and checks it; returns the terminal event. */
export async function checkHostileRun(stream: AsyncIterable<Event>): Promise<Event> {
  const events: Event[] = [];
  try {
    for await (const event of stream) events.push(event);
  } catch (error) {
    throw new Error(`an exception escaped the adapter: ${String(error)}`);
  }
  await assertConformant(events);
  const end = events[events.length - 1];
  if (end === undefined || (end.type !== "RUN_ERROR" && end.type !== "RUN_FINISHED")) throw new Error(`the run ended with ${end?.type ?? "nothing"}`);
  if (end.type === "RUN_ERROR" && !isErrorCategory(readBridgeMetadata(end.metadata)?.errorCategory)) throw new Error("a RUN_ERROR without an error category");
  return end;
}
