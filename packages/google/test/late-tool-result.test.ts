import type { Message } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toGenerateContentRequest } from "../src/index.js";

describe("a tool result that came after the user wrote again", () => {
  it("goes back right after its call, before the user's new turn (core's pairing rule)", () => {
    const messages: Message[] = [
      { id: "u1", role: "user", content: "Weather in Paris?" },
      { id: "a1", role: "assistant", toolCalls: [{ id: "c1", type: "function", function: { name: "get_weather", arguments: '{"city":"Paris"}' } }] },
      { id: "u2", role: "user", content: "Still there?" },
      { id: "t1", role: "tool", toolCallId: "c1", content: "18°C" },
    ];
    const { params, warnings } = toGenerateContentRequest({ messages });
    const turns = (params.contents ?? []).map((content) => ({
      role: content.role,
      kinds: (content.parts ?? []).map((part) => Object.keys(part).find((key) => key !== "thoughtSignature")),
    }));
    expect(turns).toEqual([
      { role: "user", kinds: ["text"] },
      { role: "model", kinds: ["functionCall"] },
      { role: "user", kinds: ["functionResponse"] },
      { role: "user", kinds: ["text"] },
    ]);
    expect(warnings.map((w) => w.code)).toContain("request.late-tool-result");
  });
});
