/** Why a body could not be read as JSON. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    readonly code: "payload_too_large" | "invalid_json",
    message: string,
  ) {
    super(message);
    this.name = "BodyError";
  }
}

/**
 * Reads a request body of at most `maxBytes` bytes as UTF-8 JSON. A declared `content-length`
 * over the limit is refused before reading; a body that grows past it is cancelled as soon as it
 * does (never buffered whole); a body stream that fails (the client left mid-upload) is a 400.
 * Throws {@link BodyError}, or an `Error` when the request's body was already read (a 500).
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    throw new BodyError(413, "payload_too_large", `The body is larger than ${maxBytes} bytes.`);
  }
  const text = await readText(request, maxBytes);
  if (text.trim() === "") throw new BodyError(400, "invalid_json", "The body is empty: POST a RunAgentInput as JSON.");
  try {
    // JSON.parse is not recursive in V8, so deep nesting cannot overflow here; the depth limit
    // is enforced by the input validation right after.
    return JSON.parse(text) as unknown;
  } catch (error) {
    // Not the parser's message: V8's quotes the body around the fault ("sk-ant-api"... is not valid JSON).
    const position = error instanceof Error ? /at position (\d+)/.exec(error.message)?.[1] : undefined;
    throw new BodyError(400, "invalid_json", `The body is not valid JSON${position !== undefined ? ` (at position ${position})` : ""}.`);
  }
}

async function readText(request: Request, maxBytes: number): Promise<string> {
  const body = request.body;
  if (body === null) return "";
  if (request.bodyUsed) {
    // A programming error of the mounting code, not the client's: it goes to onError as a 500.
    throw new Error("The request body was already read before the AG-UI handler: hand it an unread Request (mount it before body parsers, or pass request.clone()).");
  }
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const parts: string[] = [];
  let size = 0;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        // A body stream that fails with its own reason (toNodeHandler's for a parsed body JSON cannot hold) says it.
        if (error instanceof BodyError) throw error;
        // The body stream failed (the client went away mid-upload): the client's problem, not the endpoint's.
        throw new BodyError(400, "invalid_json", "The body could not be read to its end: the connection failed.");
      }
      const { done, value } = chunk;
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new BodyError(413, "payload_too_large", `The body is larger than ${maxBytes} bytes.`);
      }
      parts.push(decoder.decode(value, { stream: true }));
    }
    parts.push(decoder.decode());
  } catch (error) {
    if (error instanceof BodyError) throw error;
    if (error instanceof TypeError) throw new BodyError(400, "invalid_json", "The body is not valid UTF-8.");
    throw error;
  } finally {
    reader.releaseLock();
  }
  return parts.join("");
}
