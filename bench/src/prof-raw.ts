/**
 * Profiling driver (not part of `pnpm bench`):
 * `node --cpu-prof dist/prof-raw.js <format> [events|sse|sdk|adapter]` loops one stream (the ~10k-chunk
 * synthetic one; `PROF_STREAM=0` the fixture, `1` the recording) through the raw path to events,
 * the raw path to SSE, the SDK path (SDK parse → adapter → SSE), or the adapter alone over the
 * pre-parsed chunks; `PROF_REPS` loops (default 40).
 */
import { ADAPTERS } from "./adapters.js";
import { sdkToSse } from "./bench-overhead.js";
import { rawToEvents, rawToSse } from "./bench-raw.js";
import type { FormatId } from "./formats.js";
import { parseWithSdk, sdkStreamOpener } from "./sdk-parse.js";
import { bodyOver, fromArray, loadStreams } from "./sources.js";

const format = (process.argv[2] ?? "openai-responses") as FormatId;
const mode = process.argv[3] ?? "events";
const stream = loadStreams(format)[Number(process.env.PROF_STREAM ?? 2)];
if (stream === undefined) throw new Error("no such stream");
const bytes = stream.bytes;
const open = sdkStreamOpener(format, () => bodyOver(bytes));
const chunks = mode === "adapter" ? await parseWithSdk(format, () => bodyOver(bytes)) : [];
const adapterAlone = async (): Promise<number> => {
  let events = 0;
  for await (const event of ADAPTERS[format](fromArray(chunks))) if (event.type !== undefined) events++;
  return events;
};
const op =
  mode === "sdk"
    ? () => sdkToSse(format, open)
    : mode === "adapter"
      ? adapterAlone
      : mode === "sse"
        ? () => rawToSse(format, bytes)
        : () => rawToEvents(format, bytes);
for (let i = 0; i < Number(process.env.PROF_REPS ?? 40); i++) await op();
