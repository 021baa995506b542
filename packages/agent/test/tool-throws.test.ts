/**
 * What a tool throws is the model's to read, whatever it is: a value `String()` cannot convert (an
 * object without a prototype, a throwing `toString`) is still a tool error, and the step's other
 * calls are still answered.
 */
import { describe, expect, it } from "vitest";
import { createAgent } from "../src/index.js";
import { bridgeOf, ofType, runChecked, scriptedProvider, user } from "./support/scripted.js";

describe("a tool throwing something that is not an Error", () => {
  it("is an execution_failed result, and the run goes on with its other calls answered", async () => {
    const provider = scriptedProvider("p", [
      { calls: [{ name: "bare", args: {}, id: "c1" }, { name: "sly", args: {}, id: "c2" }, { name: "fine", args: {}, id: "c3" }] },
      { text: "done" },
    ]);
    const agent = createAgent({
      provider,
      tools: {
        bare: { description: "throws an object without a prototype", execute: () => { throw Object.create(null); } },
        sly: { description: "throws an object whose toString throws", execute: () => { throw { toString() { throw new Error("nope"); } }; } },
        fine: { description: "answers later", execute: async () => { await new Promise((resolve) => setTimeout(resolve, 5)); return "ok"; } },
      },
    });
    const { events, last } = await runChecked(agent, { threadId: "t", runId: "r", messages: [user("go")] });
    expect(last).toMatchObject({ type: "RUN_FINISHED", outcome: { type: "success" } });
    const results = ofType(events, "TOOL_CALL_RESULT");
    expect(results.map((result) => result.toolCallId).sort()).toEqual(["c1", "c2", "c3"]);
    for (const id of ["c1", "c2"]) {
      const result = results.find((r) => r.toolCallId === id)!;
      expect(bridgeOf(result).toolError).toMatchObject({ code: "execution_failed" });
      expect(result.content).toBe("Error: the tool threw a value that could not be described");
    }
    expect(results.find((r) => r.toolCallId === "c3")!.content).toBe("ok");
  });
});
