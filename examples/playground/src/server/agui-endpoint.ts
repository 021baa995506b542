/**
 * THE SERVER SEAM. The AG-UI endpoint the page posts runs to.
 *
 * With `@agui-bridge/server` merged this whole file becomes:
 *
 *   import { createAgUiHandler, toNodeHandler } from "@agui-bridge/server";
 *   export const createAgUiEndpoint = (agent: Provider): NodeHandler => toNodeHandler(createAgUiHandler({ agent }));
 *
 * (same origin as the page, so no CORS option is needed). Until then it is the smallest correct
 * stand-in: POST a JSON RunAgentInput, get the run as SSE; the client leaving aborts the run.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { asArray, asRecord, asString, encodeSSE, SSE_HEADERS, type Provider, type RunAgentInput } from "@agui-bridge/core";

/** A node:http request handler. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const MAX_BODY_BYTES = 1024 * 1024;

/** The AG-UI endpoint serving `agent` (see the module comment). */
export function createAgUiEndpoint(agent: Provider): NodeHandler {
  return async (req, res) => {
    let input: RunAgentInput;
    try {
      if (!(req.headers["content-type"] ?? "").startsWith("application/json")) throw new Error("send the RunAgentInput as application/json");
      input = parseInput(await readBody(req));
    } catch (error) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: "invalid_input", message: error instanceof Error ? error.message : String(error) } }));
      return;
    }
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    res.writeHead(200, SSE_HEADERS);
    res.flushHeaders();
    for await (const event of agent.stream(input, { signal: controller.signal })) {
      if (res.destroyed) break;
      res.write(encodeSSE(event));
    }
    res.end();
  };
}

function parseInput(text: string): RunAgentInput {
  const input = asRecord(JSON.parse(text) as unknown);
  if (input === undefined || asString(input.threadId) === undefined || asString(input.runId) === undefined || asArray(input.messages) === undefined) {
    throw new Error("RunAgentInput needs threadId, runId and messages");
  }
  return input as unknown as RunAgentInput;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of req) {
    size += (part as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error(`body larger than ${MAX_BODY_BYTES} bytes`);
    parts.push(part as Buffer);
  }
  return Buffer.concat(parts).toString("utf8");
}
