/**
 * Gemini refuses a request declaring a function twice ("Duplicate function declaration found"),
 * which an application hits when one tool is registered twice (an MCP server added again).
 */
import type { BridgeWarning } from "@agui-bridge/core/adapter";
import { describe, expect, it } from "vitest";
import { toGenerateContentRequest } from "../src/index.js";

describe("a tool declared twice", () => {
  it("is declared once, the later one warned", () => {
    const warnings: BridgeWarning[] = [];
    const { params } = toGenerateContentRequest(
      {
        messages: [{ id: "u", role: "user", content: "hi" }],
        tools: [
          { name: "search", description: "first", parameters: { type: "object" } },
          { name: "search", description: "again", parameters: { type: "object" } },
        ],
      },
      { onWarning: (w) => warnings.push(w) },
    );
    const declarations = (params.config?.tools?.[0] as { functionDeclarations: { name: string; description: string }[] }).functionDeclarations;
    expect(declarations.map((d) => [d.name, d.description])).toEqual([["search", "first"]]);
    expect(warnings.map((w) => w.code)).toEqual(["request.duplicate-tool"]);
  });
});
