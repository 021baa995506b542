/**
 * The AG-UI endpoint the page posts runs to: `@agui-bridge/server`'s handler (input validation,
 * backpressured SSE, the client leaving aborts the run) on node:http, behind the playground's own
 * check of the provider a run names. Same origin as the page, so no CORS option is needed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Provider } from "@agui-bridge/core";
import { createAgUiHandler, DEFAULT_MAX_BODY_BYTES, errorResponse, readJsonBody, toNodeHandler, type AgUiHandler } from "@agui-bridge/server";
import { providerChoiceProblem } from "./playground-providers.js";

/** A node:http request handler. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** The AG-UI endpoint serving `agent`; a run naming an unknown provider is answered 400 (see {@link withProviderCheck}). */
export function createAgUiEndpoint(agent: Provider): NodeHandler {
  return toNodeHandler(withProviderCheck(createAgUiHandler({ agent })));
}

/**
 * Answers 400 `unknown_provider` (path `forwardedProps.provider`, the message listing the allowed
 * ids) when a JSON run input names a provider the playground does not have, so a misspelt name
 * fails instead of running on the default. It reads a copy of the body (`request.clone()`, within
 * the handler's body limit); whatever it cannot read, or any other request, goes to `handler`
 * unread, which answers it as usual (415, 413, invalid JSON or input, or the run).
 */
export function withProviderCheck(handler: AgUiHandler, maxBodyBytes: number = DEFAULT_MAX_BODY_BYTES): AgUiHandler {
  return async (request: Request): Promise<Response> => {
    const json = (request.headers.get("content-type") ?? "").trim().toLowerCase().startsWith("application/json");
    if (request.method !== "POST" || !json || request.body === null || request.bodyUsed) return handler(request);
    let input: unknown;
    try {
      input = await readJsonBody(request.clone(), maxBodyBytes);
    } catch {
      return handler(request);
    }
    const problem = providerChoiceProblem(input);
    if (problem === undefined) return handler(request);
    await request.body?.cancel().catch(() => undefined);
    return errorResponse(400, "unknown_provider", problem, { path: "forwardedProps.provider" });
  };
}
