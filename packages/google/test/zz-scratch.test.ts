import { assertConformant } from "@agui-bridge/conformance";
import { createSequentialIds, type Message } from "@agui-bridge/core/adapter";
import { it } from "vitest";
import { streamGenerateContent, toGenerateContentRequest } from "../src/index.js";
import { collect } from "./support/collect.js";

it("scratch", async () => {
  async function* source(): AsyncGenerator<unknown> {
    yield { candidates: [{ content: { role: "model", parts: [{ functionCall: { name: "get_time" }, thoughtSignature: "c2ln" }, { functionCall: { name: "get_date", args: {} } }] }, index: 0 }], modelVersion: "gemini-3-flash", responseId: "r1" };
    yield { candidates: [{ content: { role: "model", parts: [] }, finishReason: "STOP", index: 0 }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 }, modelVersion: "gemini-3-flash", responseId: "r1" };
  }
  const events = await collect(streamGenerateContent(source(), { generateId: createSequentialIds("id"), threadId: "t", runId: "r" }));
  console.log(events.map((e) => JSON.stringify(e)).join("\n"));
  const messages = (await assertConformant(events)) as Message[];
  const req = toGenerateContentRequest({ messages: [{ id: "u", role: "user", content: "hi" }, ...messages, { id: "t1", role: "tool", toolCallId: (messages[0] as any).toolCalls[0].id, content: "12:00" }, { id: "t2", role: "tool", toolCallId: (messages[0] as any).toolCalls[1].id, content: "[1,2]" }] });
  console.log(JSON.stringify(req));
});
