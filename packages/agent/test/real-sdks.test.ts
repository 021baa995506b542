import { applyEvents, type Message } from "@agui-bridge/core";
import { startMockProvider, type ScriptEntry } from "@agui-bridge/mock-provider";
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
      const mock = await startMockProvider({ script });
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
    const mock = await startMockProvider({ script });
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
    const mock = await startMockProvider({ script });
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
});
