import { encodeSSE, type Event } from "@agui-bridge/core/adapter";
import { closestMatches } from "./suggest.js";
import { REPLAY_FORMATS } from "./formats/index.js";
import type { ReplayFormat, ReplayOptions } from "./replay-format.js";

/** Parsed `replay` arguments. */
export interface ReplayArgs {
  from: string;
  input: "jsonl" | "sse";
  sse: boolean;
  file: string;
  /** `--fast`: the raw-bytes path parses the SSE body (implies `--input sse`). */
  fast?: boolean;
  /** Deterministic ids (`id-1`, `id-2`, …) instead of random UUIDs. */
  seqIds: boolean;
  /** `--provider`: the provider label of the server that streamed the recording (the adapters' `provider` option). */
  provider?: string;
}

/** Thrown for a bad command line; the CLI prints it with the usage and exits 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/** The replay command line, as the README shows it. */
export const SYNOPSIS = "agui-bridge replay --from <format> [--input jsonl|sse] [--fast] [--provider LABEL] [--sse] [--seq-ids] FILE|-";

/** The usage text. */
export function usage(): string {
  const ids = REPLAY_FORMATS.map((format) => format.id).join("|") || "(none registered)";
  return [
    `Usage: ${SYNOPSIS}`,
    "",
    `  --from       the recorded stream's format: ${ids}`,
    "  --input      jsonl: one SDK chunk object per line (default); sse: a raw SSE body, parsed by the provider SDK",
    "               (required for a .sse file)",
    "  --provider   the label of the server that streamed it (openrouter, deepseek, perplexity, vertex, …): what",
    "               usage[].provider and the provider of each entity say, and what the label changes in reading",
    "               (e.g. perplexity's <think> section as reasoning); default: the format's own provider",
    "  --sse        print AG-UI events as SSE frames instead of JSONL",
    "  --fast       parse the SSE body with agui-bridge's raw-bytes path instead of the SDK (implies --input sse)",
    "  --seq-ids    deterministic ids (id-1, id-2, …) instead of random UUIDs, for diffable output",
    "  FILE|-       the recording, or - for standard input",
    "  -h, --help   this help",
  ].join("\n");
}

/** Parses `replay` arguments (without the leading `replay`). */
export function parseReplayArgs(argv: readonly string[]): ReplayArgs {
  let from: string | undefined;
  let input: "jsonl" | "sse" = "jsonl";
  let inputGiven = false;
  let sse = false;
  let fast = false;
  let seqIds = false;
  let provider: string | undefined;
  let file: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--from" || arg === "--input" || arg === "--provider") {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith("-")) {
        throw new UsageError(
          arg === "--from"
            ? `--from needs a value: --from ${REPLAY_FORMATS.map((format) => format.id).join("|")}`
            : arg === "--input"
              ? "--input needs a value: --input jsonl or --input sse"
              : "--provider needs a value: the server's label, e.g. --provider openrouter",
        );
      }
    }
    if (arg === "--from") from = argv[++i];
    else if (arg?.startsWith("--from=")) {
      from = arg.slice(7);
      if (from === "") throw new UsageError(`--from needs a value: --from ${REPLAY_FORMATS.map((format) => format.id).join("|")}`);
    }
    else if (arg === "--input" || arg?.startsWith("--input=")) {
      const value = arg === "--input" ? argv[++i] : arg.slice(8);
      if (value !== "jsonl" && value !== "sse") throw new UsageError(`--input must be jsonl or sse, not ${String(value)}: use --input sse for a raw SSE body, --input jsonl for one chunk per line`);
      input = value;
      inputGiven = true;
    } else if (arg === "--provider" || arg?.startsWith("--provider=")) {
      const value = (arg === "--provider" ? argv[++i] : arg.slice(11)) ?? "";
      if (value.trim() === "") throw new UsageError("--provider needs a value: the server's label, e.g. --provider openrouter");
      provider = value;
    } else if (arg === "--sse") sse = true;
    else if (arg === "--fast") fast = true;
    else if (arg === "--seq-ids") seqIds = true;
    else if (arg === "-" || (arg !== undefined && !arg.startsWith("-"))) {
      if (file !== undefined) throw new UsageError("give exactly one FILE (or -)");
      file = arg;
    } else throw new UsageError(`unknown option ${String(arg)} (see agui-bridge replay --help)`);
  }
  const ids = REPLAY_FORMATS.map((format) => format.id);
  if (from === undefined) throw new UsageError(`--from is required: add --from ${ids.join("|")}`);
  if (findFormat(from) === undefined) throw new UsageError(unknownFormat(from, ids));
  if (file === undefined) throw new UsageError("FILE (or - for standard input) is required: add the recording's path after the options");
  if (fast && inputGiven && input === "jsonl") {
    throw new UsageError("--fast reads a raw SSE body: drop --input jsonl (or drop --fast to read one SDK chunk object per line)");
  }
  if ((fast || input === "sse") && /\.jsonl$/i.test(file)) {
    const flag = fast ? "--fast" : "--input sse";
    throw new UsageError(`${file} is JSONL, one SDK chunk object per line: drop ${flag} (it reads a raw SSE body)`);
  }
  if (!inputGiven && !fast && /\.sse$/i.test(file)) {
    throw new UsageError(`${file} is a raw SSE body: add --input sse (the default, --input jsonl, reads one SDK chunk object per line)`);
  }
  const label = provider !== undefined ? { provider } : {};
  return fast ? { from, input: "sse", sse, file, seqIds, fast, ...label } : { from, input, sse, file, seqIds, ...label };
}

function unknownFormat(from: string, ids: readonly string[]): string {
  const close = closestMatches(from, ids);
  const hint = close.length > 0 ? `did you mean ${close.map((id) => `--from ${id}`).join(" or ")}?` : `use one of --from ${ids.join("|")}`;
  return `unknown format ${from}: ${hint}`;
}

/**
 * Throws a {@link UsageError} when a recording about to be read as JSONL is a raw SSE body (its
 * first line is an SSE field such as `event:` or `data:`, which no JSONL line can be): read as
 * JSONL it would be one malformed chunk, a RUN_ERROR run with exit 0.
 */
export function checkJsonlInput(args: Pick<ReplayArgs, "input" | "fast" | "file">, bytes: Uint8Array): void {
  if (args.input !== "jsonl" || args.fast === true) return;
  const head = new TextDecoder().decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, "");
  const first = head.split(/\r?\n/).find((line) => line.trim() !== "");
  if (first !== undefined && /^(event|data|id|retry):/.test(first)) {
    const name = args.file === "-" ? "standard input" : args.file;
    throw new UsageError(`${name} looks like a raw SSE body: add --input sse (the default, --input jsonl, reads one SDK chunk object per line)`);
  }
}

/** The registered format with this id. */
export function findFormat(id: string): ReplayFormat | undefined {
  return REPLAY_FORMATS.find((format) => format.id === id);
}

/** Replays a recording held in memory; yields AG-UI events. */
export function replay(args: Pick<ReplayArgs, "from" | "input" | "fast">, bytes: Uint8Array, options: ReplayOptions = {}): AsyncIterable<Event> {
  const format = findFormat(args.from);
  if (format === undefined) throw new UsageError(`unknown format ${args.from}`);
  if (args.fast === true) return format.fromSseFast(bytes, options);
  return args.input === "sse" ? format.fromSse(bytes, options) : format.fromChunks(jsonlChunks(bytes), options);
}

/** Formats one event for output. */
export function formatEvent(event: Event, sse: boolean): string {
  return sse ? encodeSSE(event) : `${JSON.stringify(event)}\n`;
}

async function* jsonlChunks(bytes: Uint8Array): AsyncGenerator<unknown> {
  const text = new TextDecoder().decode(bytes);
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      yield JSON.parse(line) as unknown;
    } catch {
      yield line;
    }
  }
}
