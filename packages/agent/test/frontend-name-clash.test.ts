/**
 * A frontend tool the input advertises under the name of one of the agent's server tools: AG-UI's
 * frontend tool rule says a call to it is the application's to answer (a client runs its handler
 * for any call bearing the name), so the agent neither runs its own tool nor answers the call.
 */
import { checkEvents } from "@agui-bridge/conformance";
import type { Message, RunAgentInput } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { createAgent } from "../src/index.js";
import { ofType, scriptedProvider, user } from "./support/scripted.js";

const clientPick = { name: "pick", description: "the client's picker", parameters: { type: "object", properties: { from: { type: "array" } } } };

async function collect(agent: ReturnType<typeof createAgent>, input: RunAgentInput) {
  const events = [];
  for await (const event of agent.stream(input)) events.push(event);
  const report = await checkEvents(events, { initialMessages: input.messages as never, input: input as never });
  return { events, issues: report.issues, messages: report.messages as unknown as Message[], last: events.at(-1) as Record<string, any> };
}

describe("a frontend tool named like a server tool", () => {
  it("is the application's: offered as the client defined it, left pending, the server tool never run", async () => {
    let ran = 0;
    const provider = scriptedProvider("p", [{ calls: [{ name: "pick", args: { from: [1, 2] }, id: "c1" }, { name: "echo", args: {}, id: "c2" }] }, { text: "picked" }]);
    const agent = createAgent({
      provider,
      tools: {
        pick: { description: "the server's picker", execute: () => { ran += 1; return "server"; } },
        echo: { description: "echo", execute: () => "echoed" },
      },
    });
    const first = await collect(agent, { threadId: "t", runId: "r1", messages: [user("pick one")], tools: [clientPick] });
    expect(first.issues).toEqual([]);
    expect(ran).toBe(0);
    expect(provider.inputs[0]!.tools!.filter((tool) => tool.name === "pick")).toEqual([clientPick]);
    expect(first.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["c1"] } });
    expect(ofType(first.events, "TOOL_CALL_RESULT").map((result) => result.toolCallId)).toEqual(["c2"]);

    // The next run carries the client's result; the agent does not answer the call again.
    const messages: Message[] = [...first.messages, { id: "tm", role: "tool", toolCallId: "c1", content: "2" }];
    const second = await collect(agent, { threadId: "t", runId: "r2", messages, tools: [clientPick] });
    expect(second.issues).toEqual([]);
    expect(second.last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    expect(ofType(second.events, "TOOL_CALL_RESULT")).toEqual([]);
    expect(ran).toBe(0);
  });

  it("next to an approval, is named by a frontend interrupt, not asked for approval", async () => {
    const provider = scriptedProvider("p", [{ calls: [{ name: "pick", args: {}, id: "c1" }, { name: "drop", args: {}, id: "c2" }] }]);
    const agent = createAgent({
      provider,
      tools: {
        pick: { description: "the server's picker", needsApproval: true, execute: () => "server" },
        drop: { description: "drops", needsApproval: true, execute: () => "dropped" },
      },
    });
    const run = await collect(agent, { threadId: "t", runId: "r1", messages: [user("go")], tools: [clientPick] });
    expect(run.issues).toEqual([]);
    expect(run.last.outcome.interrupts.map((interrupt: { id: string }) => interrupt.id)).toEqual(["approve:c2", "frontend:c1"]);
  });
});
