/**
 * A three-turn conversation with `createAgent` on one provider, as a client drives it: turn 1 runs
 * a tool loop (the model's parallel calls executed by the agent's own tool, a provider-run tool
 * beside them) and ends on an approval interrupt; the client rebuilds the conversation with
 * `applyEvents` and resumes with its answer (turn 2); then it asks again (turn 3). The request of
 * every model call is checked against the API's rules, and the provider's own opaque values stay in
 * place byte for byte across all of them.
 */
import { applyEvents, type Event, type Message, type Provider, type RunAgentInput } from "@agui-bridge/core/adapter";
import { startMockProvider, type ScriptEntry } from "@agui-bridge/mock-provider";
import { describe, expect, it } from "vitest";
import { approvalInterruptId, createAgent } from "../../src/index.js";
import { ofType, runChecked, user } from "../support/scripted.js";
import { SWAP_APIS, swapProvider, type SwapApi } from "./providers.js";
import { requestProblems } from "./request-checks.js";
import { CHAT_IDS, richTurn } from "./rich-turns.js";
import { samePlacementProblems } from "./same-provider.js";

const TEMPS: Record<string, number> = { Paris: 18, Tokyo: 24 };
const weather = {
  description: "Current weather in a city",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  execute: ({ city }: { city: string }) => ({ city, tempC: TEMPS[city] }),
};

/** The id the model gives the approval-gated call: a Chat server here reuses an id of step 1 (servers that number calls per response do). */
const NOTE_ID: Record<SwapApi, string> = {
  "openai-chat": CHAT_IDS[0],
  "openai-responses": "call_note3Kp",
  anthropic: "toolu_01Note",
  google: "note-call-1",
};

/** The agent of these tests: get_weather runs at once, save_note only after an approval. */
function noteAgent(provider: Provider, notes: string[]): Provider {
  return createAgent({
    provider,
    tools: {
      get_weather: weather,
      save_note: {
        description: "Saves a note",
        needsApproval: true,
        parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
        execute: ({ text }: { text: string }) => (notes.push(text), "saved"),
      },
    },
  });
}

/** Turn 1's script: the rich first step, then the approval-gated call. */
function turnOneScript(api: SwapApi): ScriptEntry[] {
  const note = { text: "Tokyo is warmer; saving a note.", calls: [{ id: NOTE_ID[api], name: "save_note", args: { text: "Tokyo is warmer" } }] };
  // Gemini 3 signs the first call of every response it makes.
  return [richTurn(api).body, api === "google" ? signedGeminiCall(note) : note];
}

/** A Gemini response with text and one signed function call, as Gemini 3 streams it. */
function signedGeminiCall(turn: { text: string; calls: Array<{ id: string; name: string; args: Record<string, unknown> }> }): string {
  const parts = [{ text: turn.text }, ...turn.calls.map((c, i) => ({ functionCall: { id: c.id, name: c.name, args: c.args }, ...(i === 0 && { thoughtSignature: "c2lnLW5vdGUtY2FsbA==" }) }))];
  const chunk = { candidates: [{ content: { parts, role: "model" }, index: 0, finishReason: "STOP" }], usageMetadata: { promptTokenCount: 50, candidatesTokenCount: 9, totalTokenCount: 59 }, modelVersion: "gemini-3-flash-preview", responseId: "gem-note" };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/** The client's side: the conversation folded from the run's events, exactly as AG-UI clients do. */
function fold(input: RunAgentInput, events: Event[], reference: Message[]): Message[] {
  const messages = applyEvents(input.messages as Message[], events);
  expect(messages).toEqual(reference);
  return messages;
}

describe("three turns with createAgent on one provider: tool loop, approval interrupt and resume, follow-up", () => {
  for (const api of SWAP_APIS) {
    it(api, async () => {
      const script: ScriptEntry[] = [
        ...turnOneScript(api),
        { text: "Saved." },
        { text: "Lyon: 21°C." },
      ];
      const mock = await startMockProvider({ strict: true, script });
      try {
        const notes: string[] = [];
        const agent = noteAgent(swapProvider(api, mock), notes);

        // Turn 1: step 1 (two parallel calls + a provider-run tool), the agent runs get_weather twice, step 2 asks for approval.
        const input1: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("Paris or Tokyo: which is warmer? Save a note.")] };
        const one = await runChecked(agent, input1);
        expect(mock.requests).toHaveLength(2);
        const cities = ofType(one.events, "TOOL_CALL_RESULT").flatMap((e) => {
          const text = typeof e.content === "string" ? e.content : "";
          return text.includes('"tempC"') ? [(JSON.parse(text) as { city: string }).city] : [];
        });
        expect(cities.sort()).toEqual(["Paris", "Tokyo"]);
        const outcome = (one.last as { outcome?: { type: string; interrupts?: Array<{ id: string; toolCallId?: string }> } }).outcome;
        expect(outcome?.type).toBe("interrupt");
        const interrupt = outcome?.interrupts?.[0];
        // A reused provider id is made unique in the run; the interrupt names the call as the client sees it.
        const messages1 = fold(input1, one.events, one.messages);
        const noteCall = messages1.flatMap((m) => (m.role === "assistant" ? (m.toolCalls ?? []) : [])).find((c) => c.function.name === "save_note");
        expect(noteCall).toBeDefined();
        expect(interrupt).toMatchObject({ id: approvalInterruptId(noteCall!.id), toolCallId: noteCall!.id });
        if (api === "openai-chat") expect(noteCall!.id).not.toBe(NOTE_ID[api]);

        // Turn 2: the client resumes with its answer; the agent runs save_note, step 3 answers.
        const input2: RunAgentInput = { threadId: "t", runId: "r2", messages: messages1, resume: [{ interruptId: interrupt!.id, status: "resolved", payload: { approved: true } }] };
        const two = await runChecked(agent, input2);
        expect(notes).toEqual(["Tokyo is warmer"]);
        expect(two.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
        const messages2 = fold(input2, two.events, two.messages);

        // Turn 3: a follow-up question, step 4.
        const input3: RunAgentInput = { threadId: "t", runId: "r3", messages: [...messages2, user("And Lyon?", "user-2")] };
        const three = await runChecked(agent, input3);
        expect(three.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
        fold(input3, three.events, three.messages);

        expect(mock.requests).toHaveLength(4);
        for (const [step, request] of mock.requests.entries()) {
          expect(requestProblems(api, request.body), `step ${step + 1}`).toEqual([]);
          // From step 2 on, turn 1's opaque values are back in place, byte for byte.
          if (step > 0) expect(samePlacementProblems(api, request.body), `step ${step + 1}`).toEqual([]);
        }
        const last = JSON.stringify(mock.requests[3]!.body);
        for (const text of ["tempC", "Tokyo is warmer; saving a note.", "saved", "Saved.", "And Lyon?"]) expect(last).toContain(text);
        if (api === "google") expect(last).toContain('"thoughtSignature":"c2lnLW5vdGUtY2FsbA=="');
        // The note call goes back with its result under one id, whatever the provider first called it.
        const sentId = api === "google" ? NOTE_ID.google : noteCall!.id;
        expect(last.split(sentId).length - 1).toBeGreaterThanOrEqual(2);
      } finally {
        await mock.close();
      }
    });
  }
});

describe("an approval asked on one provider, resumed on another", () => {
  for (const a of SWAP_APIS) {
    for (const b of SWAP_APIS) {
      if (a === b) continue;
      it(`${a} → ${b}`, async () => {
        const mock = await startMockProvider({ strict: true, script: [...turnOneScript(a), { text: "Saved." }] });
        try {
          const notes: string[] = [];
          const input1: RunAgentInput = { threadId: "t", runId: "r1", messages: [user("Paris or Tokyo: which is warmer? Save a note.")] };
          const one = await runChecked(noteAgent(swapProvider(a, mock), notes), input1);
          const interrupt = (one.last as { outcome?: { interrupts?: Array<{ id: string }> } }).outcome?.interrupts?.[0];
          expect(interrupt).toBeDefined();
          const input2: RunAgentInput = { threadId: "t", runId: "r2", messages: fold(input1, one.events, one.messages), resume: [{ interruptId: interrupt!.id, status: "resolved", payload: { approved: true } }] };
          const two = await runChecked(noteAgent(swapProvider(b, mock), notes), input2);
          expect(two.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
          expect(notes).toEqual(["Tokyo is warmer"]);
          expect(mock.requests).toHaveLength(3);
          const body = mock.requests[2]!.body;
          expect(requestProblems(b, body)).toEqual([]);
          const sent = JSON.stringify(body);
          for (const secret of richTurn(a).secrets) expect(sent).not.toContain(secret);
          expect(sent).not.toContain("c2lnLW5vdGUtY2FsbA==");
          for (const text of ["tempC", "saved"]) expect(sent).toContain(text);
        } finally {
          await mock.close();
        }
      });
    }
  }
});
