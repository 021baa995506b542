import { assertConformant } from "@agui-bridge/conformance";
import { describe, expect, it } from "vitest";
import { createSequentialIds, createTokenUsage, driveRun, type Event, type RunBuilder } from "../src/index.js";

async function collect(iterable: AsyncIterable<Event>): Promise<Event[]> {
  const out: Event[] = [];
  for await (const event of iterable) out.push(event);
  return out;
}

async function* chunks<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

describe("smoke", () => {
  it("drives a small run", async () => {
    const events = await collect(
      driveRun<string>({
        source: chunks(["r:think", "t:hello", "c:get", "a:{}", "end"]),
        provider: "test",
        generateId: createSequentialIds("x"),
        threadId: "t",
        runId: "r",
        createMapper: (run: RunBuilder) => {
          let msg: string | undefined;
          let reasoning: string | undefined;
          let call: string | undefined;
          let done = false;
          return {
            chunk(c) {
              const [kind, value = ""] = c.split(":");
              if (kind === "r") {
                reasoning = run.startReasoningMessage();
                run.reasoning(reasoning, value);
                run.encryptedValue("message", reasoning, "sig");
              } else if (kind === "t") {
                run.endReasoning();
                msg = run.startText();
                run.text(msg, value);
              } else if (kind === "c") {
                call = run.startToolCall({ toolCallName: value, ...(msg !== undefined && { parentMessageId: msg }) });
              } else if (kind === "a" && call) {
                run.toolCallArgs(call, value);
              } else if (kind === "end") done = true;
            },
            end() {
              run.usage.record("call", createTokenUsage({ provider: "test", model: "m", inputTokens: 3, outputTokens: 4 }));
              if (done) run.finish({ finish: { reason: "tool-calls", raw: "tool_use" } });
            },
          };
        },
      }),
    );
    const messages = await assertConformant(events);
    expect(messages).toMatchSnapshot();
    expect(events.at(-1)).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success", pendingToolCallIds: ["x-4"] } });
  });
});
