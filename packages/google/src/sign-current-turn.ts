import type { Content } from "@google/genai";
import { PLACEHOLDER_THOUGHT_SIGNATURE } from "./constants.js";

/**
 * Gemini 3's rule for thought signatures on function calls: validation covers the current turn
 * only — every model content after the last `user` content holding something other than
 * `functionResponse` parts — and there the first `functionCall` part of each step (each model
 * content) must carry a signature. Where that part has none (the call came from another provider,
 * or its signature was minted on another platform and dropped), the documented
 * {@link PLACEHOLDER_THOUGHT_SIGNATURE} is set on it, so the request is not refused. Earlier turns
 * and calls that have a signature are left as they are. Mutates `contents`.
 */
export function signCurrentTurnCalls(contents: Content[]): void {
  for (let i = contents.length - 1; i >= 0; i--) {
    const content = contents[i];
    if (content === undefined) continue;
    if (content.role !== "model") {
      if ((content.parts ?? []).some((part) => part.functionResponse === undefined)) return;
      continue;
    }
    const first = content.parts?.find((part) => part.functionCall !== undefined);
    if (first !== undefined && (first.thoughtSignature === undefined || first.thoughtSignature === "")) {
      first.thoughtSignature = PLACEHOLDER_THOUGHT_SIGNATURE;
    }
  }
}
