import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { encodeSSE, SSE_HEADERS, type Provider, type RunAgentInput } from "@agui-bridge/core";

/** Options for {@link createAgUiServer}. */
export interface AgUiServerOptions {
  /** The provider every run goes to. Swap providers by swapping this value. */
  provider: Provider;
  /** Path that accepts runs (default `/`). */
  path?: string;
  /** Largest request body accepted, in bytes (default 10 MB). */
  maxBodyBytes?: number;
}

/**
 * An HTTP server speaking AG-UI over SSE: `POST <path>` with a `RunAgentInput` JSON body streams
 * the run as `text/event-stream`, one `data: <event>` frame per event. When the client disconnects
 * the run's signal aborts, which ends the provider request.
 */
export function createAgUiServer(options: AgUiServerOptions): Server {
  const path = options.path ?? "/";
  const maxBodyBytes = options.maxBodyBytes ?? 10 * 1024 * 1024;
  return createServer((req, res) => {
    void handleRun(req, res, { ...options, path, maxBodyBytes });
  });
}

async function handleRun(
  req: IncomingMessage,
  res: ServerResponse,
  options: Required<Pick<AgUiServerOptions, "path" | "maxBodyBytes">> & AgUiServerOptions,
): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (req.method !== "POST" || url.pathname !== options.path) {
    res.writeHead(req.method === "POST" ? 404 : 405, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: "POST a RunAgentInput to this endpoint" }));
    return;
  }
  let input: RunAgentInput;
  try {
    input = parseRunAgentInput(await readBody(req, options.maxBodyBytes));
  } catch (error) {
    res.writeHead(400, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
    return;
  }

  const controller = new AbortController();
  // The response closing before we ended it means the client went away: stop the provider.
  res.on("close", () => {
    if (!res.writableEnded) controller.abort();
  });
  res.writeHead(200, SSE_HEADERS);
  res.flushHeaders();
  for await (const event of options.provider.stream(input, { signal: controller.signal })) {
    if (res.destroyed) break;
    res.write(encodeSSE(event));
  }
  res.end();
}

function parseRunAgentInput(text: string): RunAgentInput {
  const value = JSON.parse(text) as unknown;
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error("body must be a RunAgentInput object");
  const input = value as Record<string, unknown>;
  if (typeof input.threadId !== "string" || typeof input.runId !== "string" || !Array.isArray(input.messages)) {
    throw new Error("RunAgentInput needs threadId, runId and messages");
  }
  return value as RunAgentInput;
}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req) {
    size += (part as Buffer).length;
    if (size > limit) throw new Error(`body larger than ${limit} bytes`);
    parts.push(part as Buffer);
  }
  return Buffer.concat(parts).toString("utf8");
}
