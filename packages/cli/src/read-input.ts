import { createReadStream } from "node:fs";
import { UsageError } from "./replay.js";

/**
 * The most bytes of a recording the CLI reads (256 MiB): a replay holds the recording in memory,
 * so an endless or mistaken input (`/dev/zero`, a log piped by accident, one huge line with no
 * newline) stops here instead of growing without bound. Real recordings are far smaller.
 */
export const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/** The recording could not be read (missing, unreadable, too large): the CLI prints it and exits 1. */
export class InputError extends Error {
  override readonly name = "InputError";
}

/** Where {@link readInput} reads `-` from, and how much it holds. */
export interface ReadInputOptions {
  /** Standard input (default `process.stdin`). */
  stdin?: AsyncIterable<unknown> & { isTTY?: boolean };
  /** The most bytes read (default {@link MAX_INPUT_BYTES}); more is an {@link InputError}. */
  maxBytes?: number;
}

/**
 * Reads the recording named `file` (`-`: standard input) whole, up to `maxBytes`. Throws a
 * {@link UsageError} when `-` names a terminal (nothing was piped, so it would wait for typing),
 * and an {@link InputError} when the input cannot be read or is larger than the limit, which it
 * notices as soon as it is passed, without reading on.
 */
export async function readInput(file: string, options: ReadInputOptions = {}): Promise<Uint8Array> {
  const maxBytes = options.maxBytes ?? MAX_INPUT_BYTES;
  if (file !== "-") return readBounded(createReadStream(file), file, maxBytes);
  const stdin = options.stdin ?? process.stdin;
  if (stdin.isTTY === true) {
    throw new UsageError("standard input is a terminal: pipe a recording into it (agui-bridge replay … - < recording.jsonl) or give its FILE instead of -");
  }
  return readBounded(stdin, "standard input", maxBytes);
}

async function readBounded(stream: AsyncIterable<unknown>, name: string, maxBytes: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    // Leaving the loop (the limit passed) returns the iterator, which destroys the stream.
    for await (const part of stream) {
      const chunk = typeof part === "string" ? Buffer.from(part) : part instanceof Uint8Array ? part : undefined;
      if (chunk === undefined) continue;
      size += chunk.byteLength;
      if (size > maxBytes) throw new InputError(`${name} is larger than ${maxBytes} bytes: replay a shorter recording`);
      parts.push(chunk);
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read ${name}: ${reason(error)}`);
  }
  return Buffer.concat(parts, size);
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOENT") return "no such file";
  if (code === "EISDIR") return "it is a directory";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  return typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
}
