import type { IncomingMessage, ServerResponse } from "node:http";
import type { AgUiHandler } from "./create-agui-handler.js";
import { mergeVary } from "./cors.js";
import { BodyError } from "./read-json-body.js";

/** A node:http request listener; also an Express handler (`app.post("/agent", handler)`). */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Adapts a Fetch-API handler (such as {@link createAgUiHandler}'s) to node:http and Express:
 * `createServer(toNodeHandler(handler))`, `app.post("/agent", toNodeHandler(handler))`.
 *
 * - The request URL is built without trusting it (`//`, `*` or a bad Host never throw).
 * - The body is streamed to the handler, not buffered (the handler's own limit applies); a body
 *   the handler refuses or never reads (413/415, 404/405) is discarded without destroying the
 *   socket, so its answer arrives, and the connection is closed after it unless the body had fully
 *   arrived. Mount it before any body parser; behind one (`express.json()`, `express.raw()`,
 *   `express.text()`, or a host that always parses), whose stream is already read, the parsed
 *   `req.rawBody` / `req.body` is handed on instead (bytes or a string as is, another value as its
 *   JSON; one JSON cannot hold, such as a BigInt or a cycle, is a 400), with the handler's
 *   content-type check and body limit applied to it as usual.
 * - The response is written with backpressure: the next chunk is read from the handler's body only
 *   after `res.write` has drained, so a client that stops reading holds the run back instead of
 *   growing a buffer.
 * - The client going away (`res` closing before the end) aborts `request.signal` and cancels the
 *   response body, which aborts the run at once.
 * - Never rejects: a failure before the headers is a 500, after them the connection is closed.
 */
export function toNodeHandler(handler: AgUiHandler): NodeHandler {
  return async (req, res) => {
    const controller = new AbortController();
    const onClose = (): void => {
      if (!res.writableFinished) controller.abort(new Error("the client went away"));
    };
    res.on("close", onClose);
    const body: BodyState = { done: false, ended: false };
    try {
      const request = toRequest(req, controller.signal, body);
      const response = await handler(request);
      await writeResponse(response, res, controller.signal, () => settleBody(req, body));
    } catch {
      if (!res.headersSent) {
        const close = settleBody(req, body);
        res.writeHead(500, { "content-type": "application/json; charset=utf-8", ...(close && { connection: "close" }) });
        res.end(JSON.stringify({ error: { code: "internal_error", message: "The endpoint failed unexpectedly." } }));
      } else {
        res.destroy();
      }
    } finally {
      res.off("close", onClose);
      if (!res.writableFinished) controller.abort();
    }
  };
}

/** How far the request body was read: `done` once nothing more is passed on, `ended` once it all arrived. */
interface BodyState {
  done: boolean;
  ended: boolean;
}

function toRequest(req: IncomingMessage, signal: AbortSignal, body: BodyState): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    try {
      if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      else headers.set(name, value);
    } catch {
      // a header value fetch refuses is dropped, not fatal
    }
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const preRead = hasBody ? alreadyReadBody(req) : undefined;
  if (preRead !== undefined) {
    // What a body parser left is the decoded body: its length and coding are no longer the header's.
    headers.delete("content-length");
    headers.delete("content-encoding");
    body.done = body.ended = true;
  }
  return new Request(safeUrl(req), {
    method,
    headers,
    signal,
    ...(hasBody && { body: preRead ?? bodyStream(req, body), duplex: "half" }),
  } as RequestInit);
}

/**
 * The body a middleware already read from `req` (its stream has ended, so reading it again would
 * wait forever): `req.rawBody` when a Buffer (Google Cloud Functions, Firebase), else `req.body`
 * as bytes (a Buffer, a typed array or an `ArrayBuffer`: `express.raw()`), a string
 * (`express.text()`) or any other value as its JSON (`express.json()`). A value JSON cannot hold
 * (a BigInt, a cycle, a function) is a stream that fails with a 400 {@link BodyError} when the
 * handler reads it, after its method, content-type and `Accept` checks. `undefined` while the
 * stream is unread.
 */
function alreadyReadBody(req: IncomingMessage): Uint8Array | string | ReadableStream<Uint8Array> | undefined {
  if (!req.readableEnded) return undefined;
  const parsed = req as IncomingMessage & { rawBody?: unknown; body?: unknown };
  if (parsed.rawBody instanceof Uint8Array) return parsed.rawBody;
  const value = parsed.body;
  if (value instanceof Uint8Array || typeof value === "string") return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (value === undefined || value === null) return "";
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    // a cycle, a BigInt, too deep: reported below
  }
  return json ?? unreadableBody();
}

/** A body stream that fails, when read, with the 400 for a parsed body JSON cannot hold. */
function unreadableBody(): ReadableStream<Uint8Array> {
  const error = new BodyError(
    400,
    "invalid_json",
    "The body could not be read: the body parser in front of the endpoint left a value that is not JSON (mount the handler before it, or use express.raw()).",
  );
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.error(error);
    },
  });
}

/**
 * After the answer: a body not read to its end is discarded (left paused, it would stall the
 * kept-alive connection). Returns whether the connection must close: when the rest has not
 * arrived yet, it is not waited for.
 */
function settleBody(req: IncomingMessage, body: BodyState): boolean {
  if (body.ended) return false;
  body.done = true;
  req.resume();
  return !req.complete;
}

/**
 * The request body as a web stream, read only as fast as the handler pulls. Cancelling it (a body
 * over the limit, a refused content type) does not destroy the socket, so the error response still
 * reaches the client: the rest of the body is discarded and the connection closed after the answer.
 */
function bodyStream(req: IncomingMessage, body: BodyState): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on("data", (chunk: Buffer) => {
          if (body.done) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once("end", () => {
          body.ended = true;
          if (body.done) return;
          body.done = true;
          controller.close();
        });
        req.once("error", (error) => {
          if (body.done) return;
          body.done = true;
          controller.error(error);
        });
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        body.done = true;
        req.resume(); // discard what is still coming (see settleBody)
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** `http://<host><path>` where both are only used when they parse; never throws. */
export function safeUrl(req: Pick<IncomingMessage, "url" | "headers">): string {
  const raw = typeof req.url === "string" && req.url.startsWith("/") ? req.url : "/";
  const host = typeof req.headers.host === "string" && /^[A-Za-z0-9.:[\]-]+$/.test(req.headers.host) ? req.headers.host : "localhost";
  for (const candidate of [`http://${host}${raw}`, `http://localhost${raw}`]) {
    try {
      return new URL(candidate).href;
    } catch {
      // try the next one
    }
  }
  return "http://localhost/";
}

async function writeResponse(response: Response, res: ServerResponse, signal: AbortSignal, settleRequestBody: () => boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  // writeHead would replace a Vary the app set before the handler (`res.vary(...)`): add to it.
  const appVary = res.getHeader("vary");
  if (appVary !== undefined && headers.vary !== undefined) headers.vary = mergeVary(appVary, headers.vary as string);
  // A request body still arriving cannot be skipped on a kept-alive connection: close it after answering.
  if (settleRequestBody()) headers.connection = "close";
  // A Response built with a status only has an empty statusText: let node send the standard reason
  // phrase (`415 Unsupported Media Type`) rather than a bare `415 `.
  if (response.statusText !== "") res.writeHead(response.status, response.statusText, headers);
  else res.writeHead(response.status, headers);
  const body = response.body;
  if (body === null) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = body.getReader();
  const cancel = (): void => {
    void reader.cancel().catch(() => undefined);
  };
  if (signal.aborted) cancel();
  else signal.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return;
      if (!res.write(value)) {
        const open = await drained(res);
        if (!open) return;
      }
    }
    res.end();
  } finally {
    signal.removeEventListener("abort", cancel);
    if (!res.writableFinished) cancel();
  }
}

/** Resolves true on `drain`, false when the response closes first. */
function drained(res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    const onDrain = (): void => {
      res.off("close", onClose);
      resolve(true);
    };
    const onClose = (): void => {
      res.off("drain", onDrain);
      resolve(false);
    };
    res.once("drain", onDrain);
    res.once("close", onClose);
  });
}
