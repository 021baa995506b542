/** Our SDK path to events, as the peers table and the first-event bench run it. */
import { ADAPTERS } from "./adapters.js";
import type { FormatId } from "./formats.js";
import type { OpenSdkStream } from "./sdk-parse.js";

/** SDK parse → adapter; returns the event count. */
export async function sdkToEvents(format: FormatId, open: OpenSdkStream): Promise<number> {
  let events = 0;
  for await (const event of ADAPTERS[format](await open())) if (event.type !== undefined) events++;
  return events;
}
