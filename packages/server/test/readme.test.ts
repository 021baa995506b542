import { HttpAgent } from "@ag-ui/client";
import { assertConformant } from "@agui-bridge/conformance";
import type { Event } from "@agui-bridge/core/adapter";
import { startMockProvider, type MockProvider } from "@agui-bridge/mock-provider";
import { readmeSnippet, readmeTypeCheck, type SnippetServer, startSnippetServer, writeSnippet } from "@agui-bridge/test-support";
import { rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const readme = join(pkg, "README.md");
const user = { id: "u1", role: "user" as const, content: "What's the weather in Paris?" };
const tools = [{ name: "get_weather", description: "Weather for a city", parameters: { type: "object", properties: { city: { type: "string" } } } }];

let mock: MockProvider;
let server: SnippetServer | undefined;
beforeEach(async () => {
  mock = await startMockProvider({ strict: true, choose: () => "swap-demo" });
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
  await mock.close();
});

/** Drives the endpoint with the unmodified 1.0 HttpAgent and checks the run. */
async function driveWithHttpAgent(url: string, fetchImpl?: typeof fetch): Promise<void> {
  const agent = new HttpAgent({ url, threadId: "t1", initialMessages: [user], ...(fetchImpl !== undefined && { fetch: fetchImpl }) });
  const events: Event[] = [];
  await agent.runAgent({ runId: "r1", tools }, { onEvent: ({ event }) => void events.push(event as Event) });
  await assertConformant(events, { initialMessages: [user] });
  expect(agent.messages.find((m) => m.role === "assistant")).toMatchObject({ toolCalls: [{ function: { name: "get_weather" } }] });
  expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: [expect.any(String)] } });
  expect(mock.requests.at(-1)?.body).toMatchObject({ model: "claude-sonnet-4-6", stream: true, tools: [{ name: "get_weather" }] });
}

const env = (): Record<string, string> => ({ PORT: "0", ANTHROPIC_API_KEY: "mock-key", ANTHROPIC_BASE_URL: mock.url });

describe("README recipes, run as written", () => {
  it.each([
    [0, "quick start (node:http)"],
    [1, "Hono"],
    [2, "Express"],
  ])("block %i: %s serves the endpoint next to another route", async (index) => {
    server = await startSnippetServer(readmeSnippet(readme, index), pkg, env());
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/agent$/);
    await driveWithHttpAgent(server.url);
    const health = await fetch(server.url.replace(/\/agent$/, "/health"));
    expect(await health.text()).toBe("ok");
    const plain = await fetch(server.url, { method: "POST", body: "{}" });
    expect(plain.status).toBe(415);
  });

  it("block 3: the Next.js route handler module answers a Request through its POST export", async () => {
    const previous = { key: process.env.ANTHROPIC_API_KEY, base: process.env.ANTHROPIC_BASE_URL };
    process.env.ANTHROPIC_API_KEY = "mock-key";
    process.env.ANTHROPIC_BASE_URL = mock.url;
    const file = await writeSnippet(readmeSnippet(readme, 3), pkg);
    try {
      const route = (await import(pathToFileURL(file).href)) as { POST: (request: Request) => Promise<Response>; dynamic: string };
      expect(route.dynamic).toBe("force-dynamic");
      // How Next.js calls it: a Request in, a Response out, here the run as SSE.
      const response = await route.POST(
        new Request("http://localhost/api/agent", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "text/event-stream" },
          body: JSON.stringify({ threadId: "t1", runId: "r0", messages: [user] }),
        }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const frames = (await response.text()).split("\n\n").filter((frame) => frame !== "");
      expect(frames.every((frame) => frame.startsWith("data: "))).toBe(true);
      const events = frames.map((frame) => JSON.parse(frame.slice(6)) as Event);
      await assertConformant(events, { initialMessages: [user] });
      expect(events[0]).toMatchObject({ type: "RUN_STARTED", threadId: "t1", runId: "r0" });
      expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
      // And the reference client drives it unmodified.
      await driveWithHttpAgent("http://localhost/api/agent", (input, init) => route.POST(new Request(input as string, init)));
    } finally {
      rmSync(file, { force: true });
      process.env.ANTHROPIC_API_KEY = previous.key;
      process.env.ANTHROPIC_BASE_URL = previous.base;
    }
  });
});

describe("README types", () => {
  it("every ts block of the README type-checks as written in a strict TypeScript project", async () => {
    // Each block alone (none uses another's names), all in one compiler program; a failure names the block index and
    // the compiler's messages. The Hono and Express blocks check against the versions this package tests with.
    const { blocks, failures } = await readmeTypeCheck(readme, pkg);
    expect(blocks).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 60_000);
});
