import type { IncomingMessage, ServerResponse } from "node:http";
import type { AgUiHandler } from "./create-agui-handler.js";

/** A node:http request listener; also an Express handler (`app.post("/agent", handler)`). */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Adapts a Fetch-API handler (such as {@link createAgUiHandler}'s) to node:http and Express:
 * `createServer(toNodeHandler(handler))`, `app.post("/agent", toNodeHandler(handler))`.
 *
 * - The request URL is built without trusting it (`//`, `*` or a bad Host never throw).
 * - The body is streamed to the handler, not buffered (the handler's own limit applies); a body
 *   the handler refuses is discarded without destroying the socket, so its 413/415 arrives. Mount it
 *   before any body parser (`express.json()` would consume the body first).
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
    try {
      const body = { abandoned: false };
      const request = toRequest(req, controller.signal, body);
      const response = await handler(request);
      await writeResponse(response, res, controller.signal, body.abandoned);
    } catch {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json; charset=utf-8" });
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

function toRequest(req: IncomingMessage, signal: AbortSignal, body: { abandoned: boolean }): Request {
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
  return new Request(safeUrl(req), {
    method,
    headers,
    signal,
    ...(hasBody && { body: bodyStream(req, body), duplex: "half" }),
  } as RequestInit);
}

/**
 * The request body as a web stream, read only as fast as the handler pulls. Cancelling it (a body
 * over the limit, a refused content type) does not destroy the socket, so the error response still
 * reaches the client: the rest of the body is discarded and the connection closed after the answer.
 */
function bodyStream(req: IncomingMessage, body: { abandoned: boolean }): ReadableStream<Uint8Array> {
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.on("data", (chunk: Buffer) => {
          if (done) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once("end", () => {
          if (done) return;
          done = true;
          controller.close();
        });
        req.once("error", (error) => {
          if (done) return;
          done = true;
          controller.error(error);
        });
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        done = true;
        body.abandoned = true;
        req.resume(); // discard what is still coming; the connection closes after the answer
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

async function writeResponse(response: Response, res: ServerResponse, signal: AbortSignal, bodyAbandoned: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  // An unread request body cannot be skipped on a kept-alive connection: close it after answering.
  if (bodyAbandoned) headers.connection = "close";
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
