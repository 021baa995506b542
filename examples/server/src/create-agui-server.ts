import { createServer, type Server } from "node:http";
import type { Provider } from "@agui-bridge/core";
import { createAgUiHandler, toNodeHandler, type AgUiHandlerOptions } from "@agui-bridge/server";

/** Options for {@link createAgUiServer}. */
export interface AgUiServerOptions extends Omit<AgUiHandlerOptions, "agent" | "path"> {
  /** The provider (or agent) every run goes to. Swap providers by swapping this value. */
  provider: Provider;
  /** Path that accepts runs (default `/`). */
  path?: string;
}

/**
 * An HTTP server speaking AG-UI: a thin use of `@agui-bridge/server` (`createAgUiHandler` behind
 * `toNodeHandler`), so input validation, backpressure, disconnects, protobuf and pre-1.0 clients
 * are handled by the package.
 */
export function createAgUiServer(options: AgUiServerOptions): Server {
  const { provider, path = "/", ...rest } = options;
  return createServer(toNodeHandler(createAgUiHandler({ ...rest, agent: provider, path })));
}
