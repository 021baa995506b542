/**
 * Where each opaque value of turn 1 must be when the conversation goes back to the provider that
 * minted it (A→A): byte for byte, on the block / item / part it came with.
 */
import type { SwapApi } from "./providers.js";
import { CHAT_IDS, SECRETS } from "./rich-turns.js";

type Json = Record<string, unknown>;
const records = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => typeof v === "object" && v !== null) : []);

/** What must be where in the turn-2 request of a same-provider replay. */
export function samePlacementProblems(api: SwapApi, body: unknown): string[] {
  const request = (body ?? {}) as Json;
  const problems: string[] = [];
  const expect = (ok: boolean, what: string): void => {
    if (!ok) problems.push(what);
  };
  switch (api) {
    case "anthropic": {
      const turn = records(records(request.messages)[1]?.content);
      expect(turn[0]?.type === "thinking" && turn[0]?.signature === SECRETS.anthropicSignature, "the thinking block with its signature leads the assistant turn");
      const use = turn.findIndex((b) => b.type === "server_tool_use" && b.id === "srvtoolu_01Search");
      const result = turn[use + 1];
      expect(use > 0 && result?.type === "web_search_tool_result" && records(result.content)[0]?.encrypted_content === SECRETS.anthropicSearch, "server_tool_use is followed by its result, encrypted_content kept");
      expect(turn.filter((b) => b.type === "tool_use").map((b) => b.id).join() === "toolu_01Paris,toolu_01Tokyo", "both tool_use blocks, ids kept");
      break;
    }
    case "openai-responses": {
      const input = records(request.input);
      const reasoning = input.findIndex((it) => it.type === "reasoning");
      expect(input[reasoning]?.id === "rs_turn1" && input[reasoning]?.encrypted_content === SECRETS.openaiReasoning, "the reasoning item with its id and encrypted_content");
      expect(input[reasoning + 1]?.type === "web_search_call" && input[reasoning + 1]?.id === "ws_turn1", "the reasoning item is followed by the item it led to (web_search_call)");
      const turn1 = input.filter((it) => it.type === "function_call" && String(it.id).startsWith("fc_turn1_"));
      expect(turn1.map((it) => `${String(it.id)}:${String(it.call_id)}`).join() === "fc_turn1_3:call_paris7Qx,fc_turn1_4:call_tokyo9Rz", "function_call items with their ids and call_ids");
      expect(Array.isArray(request.include) && request.include.includes("reasoning.encrypted_content"), "include asks for reasoning.encrypted_content");
      break;
    }
    case "google": {
      const parts = records(records(request.contents)[1]?.parts);
      expect(parts[0]?.thought === true && parts[0]?.thoughtSignature === SECRETS.googleThought, "the thought part with its signature leads the model turn");
      const calls = parts.filter((p) => p.functionCall !== undefined);
      expect(calls[0]?.thoughtSignature === SECRETS.googleCall && calls[1]?.thoughtSignature === undefined, "the first parallel call keeps its signature, the second has none");
      expect(parts.some((p) => p.executableCode !== undefined) && parts.some((p) => p.codeExecutionResult !== undefined), "the code execution parts go back into the model turn");
      break;
    }
    case "openai-chat": {
      const assistant = records(request.messages).find((m) => m.role === "assistant");
      const details = records(assistant?.reasoning_details);
      expect(details.some((d) => d.type === "reasoning.encrypted" && d.data === SECRETS.openrouterReasoning), "reasoning_details carries the encrypted entry");
      expect(records(assistant?.tool_calls).map((c) => c.id).join() === CHAT_IDS.join(), "tool call ids kept as the server sent them");
      break;
    }
  }
  return problems;
}
