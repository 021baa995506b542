/**
 * The AG-UI endpoint the page posts runs to: `@agui-bridge/server`'s handler (input validation,
 * backpressured SSE, the client leaving aborts the run) on node:http. Same origin as the page, so
 * no CORS option is needed.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Provider } from "@agui-bridge/core";
import { createAgUiHandler, toNodeHandler } from "@agui-bridge/server";

/** A node:http request handler. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/** The AG-UI endpoint serving `agent`. */
export function createAgUiEndpoint(agent: Provider): NodeHandler {
  return toNodeHandler(createAgUiHandler({ agent }));
}
