/**
 * The AG-UI endpoint on Bun and Deno, end to end (run by scripts/runtime-check.sh in CI; Node is
 * covered by the test suites). On the runtime's own HTTP server (`Bun.serve` / `Deno.serve`, no
 * node:http adapter), `createAgUiHandler` serves an agent with one backend tool over each of the
 * four provider APIs — the real SDK clients talking to the mock provider, the SDK path and the
 * raw-bytes path (`fast: true`) — and the checks are the ones the Node suites make: every run's
 * events pass the conformance kit (the reference schemas, `verifyEvents`, `defaultApplyEvents`),
 * the tool ran and its result reached the model, bad input gets a 4xx, and a client that goes
 * away mid-stream aborts the provider request. Exits non-zero on the first failure.
 *
 *   bun examples/server/runtimes/serve-check.mjs
 *   deno run -A examples/server/runtimes/serve-check.mjs
 */
import { createAgent } from "@agui-bridge/agent";
import { assertConformant } from "@agui-bridge/conformance";
import { startMockProvider } from "@agui-bridge/mock-provider";
import { createAgUiHandler } from "@agui-bridge/server";
import { createProviderFromConfig, PROVIDER_NAMES } from "../dist/index.js";

const runtime = typeof globalThis.Bun !== "undefined" ? `bun ${globalThis.Bun.version}` : typeof globalThis.Deno !== "undefined" ? `deno ${globalThis.Deno.version.deno}` : undefined;
if (runtime === undefined) throw new Error("run this under Bun or Deno (Node is covered by the test suites)");

/** Serves a Fetch-API handler on the runtime's own server, on a free loopback port. */
function serve(handler) {
  if (typeof globalThis.Bun !== "undefined") {
    const server = globalThis.Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: handler, idleTimeout: 30 });
    return { url: `http://127.0.0.1:${server.port}/`, close: () => server.stop(true) };
  }
  const server = globalThis.Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, handler);
  return { url: `http://127.0.0.1:${server.addr.port}/`, close: () => server.shutdown() };
}

/** The events of an SSE body (`data: <json>` frames). */
async function readEvents(response) {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((frame) => frame.startsWith("data: "))
    .map((frame) => JSON.parse(frame.slice("data: ".length)));
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

const carriesToolResult = (body) => /"(tool_result|function_call_output|functionResponse|tool)"/.test(JSON.stringify(body ?? null));
const mock = await startMockProvider({ choose: ({ format, body }) => (format === "openai-chat" || carriesToolResult(body) ? "text" : "swap-demo") });
const user = { id: "u1", role: "user", content: "What's the weather in Paris?" };
let runs = 0;
let weatherCalls = 0;

try {
  for (const name of PROVIDER_NAMES) {
    for (const fast of [false, true]) {
      const provider = createProviderFromConfig(name, { mockBaseUrls: mock.baseUrls, fast, env: {} });
      const agent = createAgent({
        provider,
        maxSteps: 4,
        tools: {
          get_weather: {
            description: "The current weather in a city.",
            parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
            execute: ({ city }) => {
              weatherCalls++;
              return { city, tempC: 18, sky: "light rain" };
            },
          },
        },
      });
      const server = serve(createAgUiHandler({ agent }));
      try {
        const before = mock.requests.length;
        const calledBefore = weatherCalls;
        const input = { threadId: "t1", runId: `r-${name}-${fast}`, messages: [user], tools: [], context: [], state: {}, forwardedProps: {} };
        const response = await fetch(server.url, { method: "POST", headers: { "content-type": "application/json", accept: "text/event-stream" }, body: JSON.stringify(input) });
        check(response.status === 200, `${name}: status ${response.status}`);
        check(response.headers.get("content-type")?.startsWith("text/event-stream") === true, `${name}: content-type ${response.headers.get("content-type")}`);
        const events = await readEvents(response);
        await assertConformant(events, { initialMessages: [user] });
        const last = events.at(-1);
        check(last?.type === "RUN_FINISHED" && last.outcome?.type === "success", `${name} (fast ${fast}): ended ${JSON.stringify(last)}`);
        // The mock answers Claude and Responses with a get_weather call first (then text); Chat and Gemini with text.
        const swapDemo = name === "anthropic" || name === "openai-responses";
        if (swapDemo) {
          check(weatherCalls === calledBefore + 1, `${name}: the backend tool ran ${weatherCalls - calledBefore} times`);
          check(events.some((e) => e.type === "TOOL_CALL_RESULT"), `${name}: no TOOL_CALL_RESULT`);
          check(mock.requests.length === before + 2, `${name}: ${mock.requests.length - before} provider requests, expected 2`);
          check(carriesToolResult(mock.requests.at(-1)?.body), `${name}: the second request does not carry the tool result`);
        }
        check(events.some((e) => e.type === "TEXT_MESSAGE_CONTENT"), `${name}: no text`);
        runs++;
        console.log(`ok ${runs} - ${runtime}: ${name}${fast ? " (raw-bytes path)" : ""}: ${events.length} events, conformant`);
      } finally {
        await server.close();
      }
    }
  }

  // Bad input: a clear 4xx naming the problem, never a crash.
  const server = serve(createAgUiHandler({ agent: createProviderFromConfig("anthropic", { mockBaseUrls: mock.baseUrls, env: {} }) }));
  try {
    const cases = [
      [{ method: "POST", headers: { "content-type": "application/json" }, body: "{not json" }, 400],
      [{ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ threadId: 1 }) }, 400],
      [{ method: "POST", headers: { "content-type": "text/plain" }, body: "x" }, 415],
      [{ method: "GET" }, 405],
    ];
    for (const [init, status] of cases) {
      const response = await fetch(server.url, init);
      await response.text();
      check(response.status === status, `bad input ${JSON.stringify(init.body ?? init.method)}: status ${response.status}, expected ${status}`);
    }
    runs++;
    console.log(`ok ${runs} - ${runtime}: bad input answered 400/415/405`);
  } finally {
    await server.close();
  }

  // A client that goes away mid-stream aborts the provider request.
  const hanging = await startMockProvider({ hangAfterBytes: 760, choose: () => "swap-demo" });
  const stalled = serve(createAgUiHandler({ agent: createProviderFromConfig("anthropic", { mockBaseUrls: hanging.baseUrls, env: {} }) }));
  try {
    const controller = new AbortController();
    const input = { threadId: "t2", runId: "r-disconnect", messages: [user], tools: [], context: [], state: {}, forwardedProps: {} };
    const response = await fetch(stalled.url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input), signal: controller.signal });
    const reader = response.body.getReader();
    const first = await reader.read();
    check(first.done !== true, "the stalled run sent nothing");
    controller.abort();
    await reader.cancel().catch(() => undefined);
    const deadline = Date.now() + 10_000;
    while (hanging.requests[0]?.aborted !== true && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    check(hanging.requests[0]?.aborted === true, "a client disconnect did not abort the provider request");
    runs++;
    console.log(`ok ${runs} - ${runtime}: a client disconnect aborted the provider request`);
  } finally {
    await stalled.close();
    await hanging.close();
  }
  console.log(`# ${runtime}: ${runs} checks passed`);
} finally {
  await mock.close();
}
