import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { isRecord } from "../narrow.js";
import type { WarningSink } from "./request-warnings.js";

/**
 * A `tool_use` made by code (programmatic tool calling) names the server tool that ran the code
 * (`caller: { type: "code_execution_…", tool_id }`). The API rejects a request whose `tool_use`
 * names a source the request does not hold ("source tool `srvtoolu_…` not found for tool use
 * block `toolu_…`", vercel/ai#12504): e.g. a response that opened with results of an earlier
 * code execution, or a history trimmed by the client. Such a `caller` is left out (the call is sent
 * as a direct one) with `request.orphan-tool-caller`. Changes `turns` in place.
 */
export function dropOrphanCallers(turns: MessageParam[], sink: WarningSink): void {
  const sources = new Set<string>();
  for (const turn of turns) {
    if (turn.role !== "assistant" || !Array.isArray(turn.content)) continue;
    for (const block of turn.content) if (block.type === "server_tool_use") sources.add(block.id);
  }
  for (const turn of turns) {
    if (turn.role !== "assistant" || !Array.isArray(turn.content)) continue;
    turn.content = turn.content.map((block) => {
      if (block.type !== "tool_use") return block;
      const caller: unknown = (block as { caller?: unknown }).caller;
      const source = isRecord(caller) ? caller.tool_id : undefined;
      if (typeof source !== "string" || sources.has(source)) return block;
      sink.warn("request.orphan-tool-caller", `Tool call ${block.id} was made by server tool ${source}, which the request does not hold; sent as a direct call`, {
        toolCallId: block.id,
        sourceToolId: source,
      });
      const { caller: _dropped, ...rest } = block as typeof block & { caller?: unknown };
      return rest;
    });
  }
}
