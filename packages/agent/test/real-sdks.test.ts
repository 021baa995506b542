import { applyEvents, type Message } from "@agui-bridge/core/adapter";
import { renderTurn, startMockProvider, type ScriptEntry } from "@agui-bridge/mock-provider";
import { EventType } from "@agui-bridge/core/adapter";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { approvalInterruptId, createAgent, subagent } from "../src/index.js";
import { APIS, sdkProvider } from "./support/sdk-providers.js";
import { bridgeOf, ofType, runChecked, user } from "./support/scripted.js";

const weather = {
  description: "Current weather in a city",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  execute: ({ city }: { city: string }) => ({ city, tempC: city === "Paris" ? 18 : 24 }),
};

/** The tool call as each API's request carries it back, and the tool result. */
function carriesCallAndResult(body: unknown, callId: string): boolean {
  const text = JSON.stringify(body);
  return text.includes(callId) || text.includes("get_weather");
}

describe("multi-step tool loop with the real SDKs against the mock provider", () => {
  for (const api of APIS) {
    it(`${api}: two calls in step 1, the answer in step 2`, async () => {
      const script: ScriptEntry[] = [
        {
          text: "Checking both.",
          calls: [
            { id: "call_paris", name: "get_weather", args: { city: "Paris" } },
            { id: "call_tokyo", name: "get_weather", args: { city: "Tokyo" } },
          ],
          usage: { input: 100, output: 20 },
        },
        { text: "Tokyo (24°C) is warmer than Paris (18°C).", usage: { input: 180, output: 15 } },
      ];
      const mock = await startMockProvider({ strict: true, script });
      try {
        const provider = sdkProvider(api, mock);
        const agent = createAgent({ provider, tools: { get_weather: weather } });
        const input = { threadId: "t", runId: "r1", messages: [user("Paris or Tokyo: which is warmer?")] };
        const { events, messages, last } = await runChecked(agent, input);

        expect(mock.requests).toHaveLength(2);
        const results = ofType(events, "TOOL_CALL_RESULT");
        expect(results.map((r) => JSON.parse(r.content as string).city).sort()).toEqual(["Paris", "Tokyo"]);
        // Step 2's request carries both calls and both results, in that API's own shape.
        const second = JSON.stringify(mock.requests[1]!.body);
        expect(second).toContain("Paris");
        expect(second).toContain("Tokyo");
        expect(second).toContain("tempC");
        expect(carriesCallAndResult(mock.requests[1]!.body, results[0]!.toolCallId)).toBe(true);
        // The tools went to the provider.
        expect(JSON.stringify(mock.requests[0]!.body)).toContain("get_weather");
        expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
        const usage = (last as { usage?: Array<{ inputTokens?: number; outputTokens?: number }> }).usage ?? [];
        expect(usage).toHaveLength(1);
        expect(usage[0]).toMatchObject({ inputTokens: 280, outputTokens: 35 });
        expect(ofType(events, "STEP_FINISHED").map((e) => bridgeOf(e).provider)).toEqual([provider.id, provider.id]);
        expect(messages.filter((m) => m.role === "assistant").at(-1)).toMatchObject({ content: "Tokyo (24°C) is warmer than Paris (18°C)." });
        expect(applyEvents(input.messages as Message[], events)).toEqual(messages);
      } finally {
        await mock.close();
      }
    });
  }

  it("swaps the provider between runs of one conversation (Anthropic, then OpenAI Responses, then Gemini)", async () => {
    const script: ScriptEntry[] = [
      { text: "Let me check Paris.", calls: [{ id: "toolu_paris", name: "get_weather", args: { city: "Paris" } }] },
      { text: "Paris: 18°C." },
      { text: "Checking Tokyo.", calls: [{ id: "call_tokyo", name: "get_weather", args: { city: "Tokyo" } }] },
      { text: "Tokyo: 24°C." },
      { text: "Tokyo is warmer." },
    ];
    const mock = await startMockProvider({ strict: true, script });
    try {
      let messages: Message[] = [user("Paris weather?", "u1")];
      const apis = ["anthropic", "openai-responses", "google"] as const;
      const prompts = [undefined, "And Tokyo?", "Which is warmer?"];
      for (const [index, api] of apis.entries()) {
        const prompt = prompts[index];
        if (prompt !== undefined) messages = [...messages, user(prompt, `u${index + 1}`)];
        const agent = createAgent({ provider: sdkProvider(api, mock), tools: { get_weather: weather } });
        const run = await runChecked(agent, { threadId: "t", runId: `r${index + 1}`, messages });
        expect(run.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
        messages = run.messages;
      }
      expect(mock.requests.map((r) => r.format)).toEqual(["anthropic", "anthropic", "openai-responses", "openai-responses", "google"]);
      // Gemini's request carries both earlier tool results.
      const last = JSON.stringify(mock.requests[4]!.body);
      expect(last).toContain("18");
      expect(last).toContain("24");
      expect(new Set(messages.map((m) => m.id)).size).toBe(messages.length);
    } finally {
      await mock.close();
    }
  });

  it("a Claude agent delegates to a Gemini subagent; an approval on Claude's side is resumed", async () => {
    const script: ScriptEntry[] = [
      { text: "Asking the researcher.", calls: [{ id: "toolu_research", name: "researcher", args: { task: "Which is warmer, Paris or Tokyo?" } }], usage: { input: 50, output: 9 } },
      { text: "Tokyo is warmer.", usage: { input: 20, output: 4 } },
      { text: "I'll note it.", calls: [{ id: "toolu_note", name: "save_note", args: { text: "Tokyo is warmer" } }], usage: { input: 70, output: 8 } },
      { text: "Saved.", usage: { input: 90, output: 2 } },
    ];
    const mock = await startMockProvider({ strict: true, script });
    try {
      const notes: string[] = [];
      const agent = createAgent({
        provider: sdkProvider("anthropic", mock),
        tools: {
          researcher: subagent({ name: "researcher", description: "Answers research questions", agent: createAgent({ provider: sdkProvider("google", mock) }) }),
          save_note: { description: "Saves a note", needsApproval: true, parameters: { type: "object", properties: { text: { type: "string" } } }, execute: ({ text }: { text: string }) => (notes.push(text), "saved") },
        },
      });
      const first = await runChecked(agent, { threadId: "t", runId: "r1", messages: [user("Research and save.")] });
      expect(mock.requests.map((r) => r.format)).toEqual(["anthropic", "google", "anthropic"]);
      expect(ofType(first.events, "SUBAGENT_FINISHED")[0]).toMatchObject({ result: "Tokyo is warmer." });
      expect(first.last).toMatchObject({ outcome: { type: "interrupt", interrupts: [{ toolCallId: "toolu_note" }] } });
      const usage = (first.last as { usage?: Array<{ provider?: string }> }).usage ?? [];
      expect(usage.map((u) => u.provider).sort()).toEqual(["anthropic", "google"]);

      const second = await runChecked(agent, {
        threadId: "t",
        runId: "r2",
        messages: first.messages,
        resume: [{ interruptId: approvalInterruptId("toolu_note"), status: "resolved", payload: { approved: true } }],
      });
      expect(notes).toEqual(["Tokyo is warmer"]);
      expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" }, usage: [{ provider: "anthropic", inputTokens: 90 }] });
      // The Anthropic request after the resume carries the subagent's answer as a tool result, not its messages.
      const body = JSON.stringify(mock.requests[3]!.body);
      expect(body).toContain("Tokyo is warmer.");
      const sent = (mock.requests[3]!.body as { messages: Array<{ role: string }> }).messages;
      expect(sent.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user"]);
    } finally {
      await mock.close();
    }
  });

  it("a provider error in step 2 (an SSE error frame) ends the run with RUN_ERROR and both steps' usage", async () => {
    const errorBody = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "test-fixtures", "anthropic", "error-mid-stream.sse"), "utf8");
    const mock = await startMockProvider({ strict: true, script: [{ calls: [{ id: "toolu_1", name: "get_weather", args: { city: "Paris" } }], usage: { input: 40, output: 4 } }, errorBody] });
    try {
      const agent = createAgent({ provider: sdkProvider("anthropic", mock), tools: { get_weather: weather } });
      const { events, last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("Paris?")] });
      expect(ofType(events, "TOOL_CALL_RESULT")).toHaveLength(1);
      expect(last).toMatchObject({ type: "RUN_ERROR", code: "overloaded_error" });
      const usage = (last as { usage?: Array<{ model?: string; inputTokens?: number }> }).usage ?? [];
      expect(usage.map((u) => [u.model, u.inputTokens]).sort()).toEqual([["claude-sonnet-4-5-20250929", 25], ["claude-sonnet-4-6", 40]]);
    } finally {
      await mock.close();
    }
  });

  it("an abort during a real SDK's model call cancels the run and releases the request; an abort during a tool too", async () => {
    const turn = { text: "Let me think about this", usage: { input: 5, output: 1 } };
    const body = renderTurn("anthropic", turn, 0);
    const mock = await startMockProvider({ strict: true, script: [turn], hangAfterBytes: body.indexOf("event: content_block_stop") });
    try {
      const agent = createAgent({ provider: sdkProvider("anthropic", mock) });
      const controller = new AbortController();
      const { last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("think")] }, {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === EventType.TEXT_MESSAGE_CONTENT) controller.abort();
        },
      });
      expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" } });
      // The socket closes asynchronously after the abort: wait for the mock to see it (bounded).
      for (let i = 0; i < 200 && mock.requests[0]?.aborted !== true; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(mock.requests[0]?.aborted).toBe(true);
    } finally {
      await mock.close();
    }

    const mock2 = await startMockProvider({ strict: true, script: [{ calls: [{ id: "toolu_w", name: "wait", args: {} }], usage: { input: 9, output: 2 } }] });
    try {
      const controller = new AbortController();
      const wait = {
        description: "waits until aborted",
        execute: (_args: unknown, { signal }: { signal: AbortSignal }) =>
          new Promise((_resolve, reject) => {
            signal.addEventListener("abort", () => reject(new Error("aborted")));
            controller.abort();
          }),
      };
      const agent = createAgent({ provider: sdkProvider("google", mock2), tools: { wait } });
      const { last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("wait")] }, { signal: controller.signal });
      expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "cancelled" }, usage: [{ provider: "google", inputTokens: 9 }] });
    } finally {
      await mock2.close();
    }
  });
});
