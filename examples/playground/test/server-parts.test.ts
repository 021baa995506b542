import { assertConformant } from "@agui-bridge/conformance";
import { EventType, type BridgeWarning, type Event, type Provider } from "@agui-bridge/core";
import { describe, expect, it } from "vitest";
import { chooseScript, createPlaygroundProvider, lastUserText, playgroundConfig, scriptFor, servePlayground, WARNING_EVENT_NAME, withWarningEvents } from "../src/server/index.js";
import { createScriptedAgent } from "./support/scripted-agent.js";

async function collect(events: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const event of events) out.push(event);
  return out;
}

async function* fromArray(events: Event[], beforeEach?: (index: number) => void): AsyncGenerator<Event> {
  for (const [index, event] of events.entries()) {
    beforeEach?.(index);
    yield event;
  }
}

const run: Event[] = [
  { type: EventType.RUN_STARTED, threadId: "t", runId: "r" },
  { type: EventType.TEXT_MESSAGE_START, messageId: "m", role: "assistant" },
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId: "m", delta: "hi" },
  { type: EventType.TEXT_MESSAGE_END, messageId: "m" },
  { type: EventType.RUN_FINISHED, threadId: "t", runId: "r" },
];

describe("request warnings as CUSTOM events", () => {
  it("puts a warning raised before RUN_STARTED right after it, and one raised mid-run before the next event", async () => {
    const pending: BridgeWarning[] = [{ code: "request.early", message: "before the start" }];
    const events = await collect(
      withWarningEvents(
        fromArray(run, (index) => {
          if (index === 3) pending.push({ code: "request.late", message: "mid-run", details: { messageId: "x" } });
        }),
        pending,
      ),
    );
    expect(events.map((event) => (event.type === EventType.CUSTOM ? `${event.name}:${(event.value as BridgeWarning).code}` : event.type))).toEqual([
      "RUN_STARTED",
      `${WARNING_EVENT_NAME}:request.early`,
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      `${WARNING_EVENT_NAME}:request.late`,
      "TEXT_MESSAGE_END",
      "RUN_FINISHED",
    ]);
    expect((events[4] as { value: unknown }).value).toEqual({ code: "request.late", message: "mid-run", details: { messageId: "x" } });
    await assertConformant(events);
  });

  it("emits nothing after the terminal event", async () => {
    const pending: BridgeWarning[] = [];
    const events = await collect(withWarningEvents(fromArray([...run, { type: EventType.CUSTOM, name: "late", value: 1 }], (index) => index === 4 && pending.push({ code: "c", message: "m" })), pending));
    expect(events.at(-1)?.type).toBe("RUN_FINISHED");
    expect(events.at(-2)?.type).toBe(EventType.CUSTOM);
  });
});

describe("the provider switch", () => {
  it("sends each run to the provider the page names, and defaults when it names none or an unknown one", async () => {
    const asked: string[] = [];
    const fake = (name: string): Provider => ({ id: name, stream: () => fromArray(run) });
    const provider = createPlaygroundProvider({ build: (name) => (asked.push(name), fake(name)), env: {} });
    const input = (forwardedProps: unknown) => ({ threadId: "t", runId: "r", messages: [], forwardedProps }) as never;
    await collect(provider.stream(input({ provider: "google" })));
    await collect(provider.stream(input({ provider: "openai-compatible" })));
    await collect(provider.stream(input({ provider: "<script>" })));
    await collect(provider.stream(input(undefined)));
    expect(asked).toEqual(["google", "openai-compatible", "anthropic", "anthropic"]);
  });
});

describe("the endpoint's provider check", () => {
  it("answers 400 naming the allowed providers when forwardedProps.provider names none of them, and runs nothing", async () => {
    let runs = 0;
    const agent: Provider = { id: "fake", stream: () => (runs++, fromArray(run)) };
    const playground = await servePlayground({ agent, config: playgroundConfig(() => false) });
    try {
      const post = (forwardedProps: unknown) =>
        fetch(`${playground.url}agent`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "text/event-stream" },
          body: JSON.stringify({ threadId: "t", runId: "r", messages: [], ...(forwardedProps !== undefined && { forwardedProps }) }),
        });
      for (const provider of ["nope", "Anthropic", "", 7, null]) {
        const response = await post({ provider });
        expect(response.status, JSON.stringify(provider)).toBe(400);
        const body = (await response.json()) as { error: { code: string; message: string; path?: string } };
        expect(body.error).toMatchObject({ code: "unknown_provider", path: "forwardedProps.provider" });
        expect(body.error.message).toContain("anthropic, openai-responses, openai-chat, google, openai-compatible");
      }
      expect(runs).toBe(0);
      // A listed provider, or none at all (the default), runs as before.
      for (const forwardedProps of [{ provider: "google" }, undefined, { other: 1 }]) {
        const response = await post(forwardedProps);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toContain("text/event-stream");
        expect(await response.text()).toContain('"type":"RUN_FINISHED"');
      }
      expect(runs).toBe(3);
      // What the handler itself refuses is still its answer.
      expect((await fetch(`${playground.url}agent`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" })).status).toBe(400);
      expect((await fetch(`${playground.url}agent`, { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" })).status).toBe(415);
    } finally {
      await playground.close();
    }
  });
});

describe("mock routing", () => {
  it("picks the script by the words of the last user message", () => {
    expect(scriptFor("Switch to a dark THEME")).toBe("set-theme");
    expect(scriptFor("please send an email")).toBe("send-email");
    expect(scriptFor("hello")).toBe("hello");
    expect(scriptFor("research Paris")).toBe("research"); // not "search", which it contains
    expect(scriptFor("search the web")).toBe("search");
  });

  it("answers a request that carries a tool result with the closing script", () => {
    const body = (content: unknown) => ({ model: "m", messages: [{ role: "user", content: "theme" }, { role: "assistant", content: [] }, { role: "user", content }] });
    expect(chooseScript(body([{ type: "tool_result", tool_use_id: "x", content: "{}" }]))).toBe("after-tool");
    expect(chooseScript(body([{ type: "text", text: "tell me a story" }]))).toBe("story");
    expect(chooseScript(body("this will fail"))).toBe("fail");
    expect(chooseScript("not json at all")).toBe("hello");
  });

  it("reads the last user message's text from a run input", () => {
    expect(lastUserText({ threadId: "t", runId: "r", messages: [{ id: "1", role: "user", content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] }, { id: "2", role: "assistant", content: "x" }] })).toBe("a b");
    expect(lastUserText({ threadId: "t", runId: "r", messages: [] })).toBe("");
  });
});

describe("the agent stand-in used by the browser tests", () => {
  it("emits valid AG-UI for the approval, the resumed run and the subagent run", async () => {
    const { agent } = createScriptedAgent();
    const first = await collect(agent.stream({ threadId: "t", runId: "r1", messages: [{ id: "u", role: "user", content: "send an email" }] }));
    const messages = await assertConformant(first, { initialMessages: [{ id: "u", role: "user", content: "send an email" }] as never });
    const finished = first.at(-1) as { outcome?: { type: string; interrupts?: Array<{ id: string }> } };
    expect(finished.outcome?.type).toBe("interrupt");
    const resumed = await collect(agent.stream({ threadId: "t", runId: "r2", messages: messages as never, resume: [{ interruptId: finished.outcome?.interrupts?.[0]?.id ?? "", status: "resolved", payload: { approved: true } }] }));
    await assertConformant(resumed, { initialMessages: messages as never });
    await assertConformant(await collect(agent.stream({ threadId: "t", runId: "r3", messages: [{ id: "u", role: "user", content: "research it" }] })));
  });
});
