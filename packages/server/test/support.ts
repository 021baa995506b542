import { EventType, type Event, type Provider, type ProviderStreamOptions, type RunAgentInput } from "@agui-bridge/core/adapter";
import { serve } from "@hono/node-server";
import express from "express";
import { Hono } from "hono";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAgUiHandler, toNodeHandler, type AgUiHandlerOptions } from "../src/index.js";

/** What a fake provider saw. */
export interface ProviderProbe {
  runs: number;
  /** Runs whose signal was aborted (the client went away). */
  aborted: number;
  /** Runs whose generator was finalized (return() or completion). */
  finalized: number;
  /** Events yielded so far, over all runs. */
  yielded: number;
  /** Bytes of text yielded so far. */
  bytes: number;
  lastInput?: RunAgentInput;
}

/** A provider answering with one text message made of `chunks` deltas of `chunkSize` bytes each. */
export function textProvider(chunks = 3, chunkSize = 5): Provider & { probe: ProviderProbe } {
  const probe: ProviderProbe = { runs: 0, aborted: 0, finalized: 0, yielded: 0, bytes: 0 };
  const delta = "x".repeat(chunkSize);
  return {
    id: "fake",
    probe,
    async *stream(input: RunAgentInput, options: ProviderStreamOptions = {}) {
      probe.runs++;
      probe.lastInput = input;
      const signal = options.signal;
      signal?.addEventListener("abort", () => probe.aborted++, { once: true });
      const base = { threadId: input.threadId, runId: input.runId };
      try {
        probe.yielded++;
        yield { type: EventType.RUN_STARTED, ...base, protocolVersion: "1.0" } as Event;
        probe.yielded++;
        yield { type: EventType.TEXT_MESSAGE_START, messageId: "m1", role: "assistant" } as Event;
        for (let i = 0; i < chunks; i++) {
          if (signal?.aborted === true) {
            yield { type: EventType.TEXT_MESSAGE_END, messageId: "m1" } as Event;
            yield { type: EventType.RUN_FINISHED, ...base, outcome: { type: "cancelled" } } as Event;
            return;
          }
          probe.yielded++;
          probe.bytes += delta.length;
          yield { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m1", delta } as Event;
        }
        yield { type: EventType.TEXT_MESSAGE_END, messageId: "m1" } as Event;
        yield { type: EventType.RUN_FINISHED, ...base, outcome: { type: "success" } } as Event;
      } finally {
        probe.finalized++;
      }
    },
  };
}

/**
 * A provider whose first read after RUN_STARTED never settles on its own: only aborting the
 * run's signal ends it (as a real SDK read blocked on the network does).
 */
export function hangingProvider(): Provider & { probe: ProviderProbe; started: Promise<void> } {
  const probe: ProviderProbe = { runs: 0, aborted: 0, finalized: 0, yielded: 0, bytes: 0 };
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  return {
    id: "hanging",
    probe,
    started,
    async *stream(input: RunAgentInput, options: ProviderStreamOptions = {}) {
      probe.runs++;
      const base = { threadId: input.threadId, runId: input.runId };
      try {
        yield { type: EventType.RUN_STARTED, ...base } as Event;
        markStarted();
        await new Promise<void>((resolve) => {
          const signal = options.signal;
          if (signal === undefined) return;
          if (signal.aborted) resolve();
          signal.addEventListener("abort", () => {
            probe.aborted++;
            resolve();
          }, { once: true });
        });
        yield { type: EventType.RUN_FINISHED, ...base, outcome: { type: "cancelled" } } as Event;
      } finally {
        probe.finalized++;
      }
    },
  };
}

/** A valid RunAgentInput. */
export function runInput(extra: Partial<RunAgentInput> = {}): RunAgentInput {
  return { threadId: "t1", runId: "r1", protocolVersion: "1.0", messages: [{ id: "u1", role: "user", content: "hi" }], ...extra };
}

/** A running HTTP server. */
export interface Running {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** The frameworks the handler is tested in. */
export type Framework = "node:http" | "express" | "hono";

/** Serves `createAgUiHandler(options)` at `/agent` with the given framework on 127.0.0.1. */
export async function serveWith(framework: Framework, options: AgUiHandlerOptions): Promise<Running> {
  const handler = createAgUiHandler(options);
  let server: Server;
  if (framework === "node:http") {
    // Every request reaches the adapter and the handler (which answers 404 off its path).
    server = createServer(toNodeHandler(createAgUiHandler({ path: "/agent", ...options })));
    await listen(server);
  } else if (framework === "express") {
    const app = express();
    app.all("/agent", toNodeHandler(handler));
    server = createServer(app);
    await listen(server);
  } else {
    const app = new Hono();
    app.all("/agent", (c) => handler(c.req.raw));
    server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as Server));
    });
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/agent`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function listen(server: Server): Promise<void> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
}

/** POSTs JSON. */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
}

/** Parses an SSE body into events. */
export function parseSSE(text: string): Event[] {
  return text
    .split("\n\n")
    .filter((frame) => frame.startsWith("data: "))
    .map((frame) => JSON.parse(frame.slice(6)) as Event);
}

/** Waits until `condition()` holds, polling (bounded: gives up after `tries` polls). */
export async function until(condition: () => boolean, tries = 400, everyMs = 10): Promise<boolean> {
  for (let i = 0; i < tries; i++) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return condition();
}
