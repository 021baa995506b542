/** Profiling driver (not part of `pnpm bench`): `node --cpu-prof dist/prof-raw.js <format> [events|sse]`. */
import { rawToEvents, rawToSse } from "./bench-raw.js";
import type { FormatId } from "./formats.js";
import { loadStreams } from "./sources.js";

const format = (process.argv[2] ?? "openai-responses") as FormatId;
const op = process.argv[3] === "sse" ? rawToSse : rawToEvents;
const stream = loadStreams(format)[Number(process.env.PROF_STREAM ?? 2)];
if (stream === undefined) throw new Error("no synthetic stream");
for (let i = 0; i < Number(process.env.PROF_REPS ?? 40); i++) await op(format, stream.bytes);
