import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Provider } from "@agui-bridge/core";
import { createAgUiEndpoint } from "./agui-endpoint.js";
import { PLAYGROUND_PROVIDERS, PROVIDER_LABELS, type PlaygroundProviderName } from "./playground-providers.js";

/** The built page (dist/web, next to dist/server). */
export const WEB_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..", "web");

/** The path the page posts runs to. */
export const AGENT_PATH = "/agent";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
};

/** What `GET /config` tells the page: the providers and whether each runs on the mock. */
export interface PlaygroundConfig {
  providers: Array<{ id: PlaygroundProviderName; label: string; live: boolean }>;
  defaultProvider: PlaygroundProviderName;
}

/** Options for {@link servePlayground}. */
export interface ServePlaygroundOptions {
  /** What serves the runs (see `createPlaygroundProvider`). */
  agent: Provider;
  config: PlaygroundConfig;
  /** Port on 127.0.0.1 (default 0: any free port). */
  port?: number;
  webDir?: string;
}

/** A running playground. */
export interface RunningPlayground {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serves the page (`GET /`, its script and styles), its configuration (`GET /config`) and the AG-UI
 * endpoint (`POST /agent`) on 127.0.0.1. The page and the endpoint share an origin, so the
 * endpoint needs no CORS.
 */
export async function servePlayground(options: ServePlaygroundOptions): Promise<RunningPlayground> {
  const webDir = options.webDir ?? WEB_DIR;
  const endpoint = createAgUiEndpoint(options.agent);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    if (path === AGENT_PATH && req.method === "POST") {
      void Promise.resolve(endpoint(req, res)).catch(() => res.destroy());
      return;
    }
    if (req.method !== "GET") {
      res.writeHead(405, { allow: "GET" }).end();
      return;
    }
    if (path === "/config") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(options.config));
      return;
    }
    const file = path === "/" ? "index.html" : path.slice(1);
    if (!/^[A-Za-z0-9_-]+\.(html|js|css|map)$/.test(file)) {
      res.writeHead(404).end();
      return;
    }
    readFile(join(webDir, file)).then(
      (bytes) => res.writeHead(200, { "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream" }).end(bytes),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolveListen) => server.listen(options.port ?? 0, "127.0.0.1", resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    server,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}

/** The page's configuration for the given liveness of each provider. */
export function playgroundConfig(isLive: (name: PlaygroundProviderName) => boolean, defaultProvider: PlaygroundProviderName = "anthropic"): PlaygroundConfig {
  return {
    providers: PLAYGROUND_PROVIDERS.map((id) => ({ id, label: PROVIDER_LABELS[id], live: isLive(id) })),
    defaultProvider,
  };
}
