import type { Content, Part } from "@google/genai";
import { PLACEHOLDER_THOUGHT_SIGNATURE } from "../constants.js";

/**
 * Gemini 3's rule for thought signatures on function calls: validation covers the current turn
 * only — every model content after the last `user` content holding something other than
 * `functionResponse` parts — and there the first `functionCall` part of each step (each model
 * content) must carry a signature. Where that part has none (the call came from another provider,
 * or its signature was minted on another platform and dropped), the documented
 * {@link PLACEHOLDER_THOUGHT_SIGNATURE} is set on it, so the request is not refused. Earlier turns
 * and calls that have a signature are left as they are. Mutates `contents`.
 *
 * `toolMedia`: tool result media sent after the function responses (a model that takes no
 * multimodal function responses) counts as part of them, not as the start of a new turn: should
 * the API count that content as a user turn, a placeholder on the calls before it is only unused,
 * whereas a missing one where the API does not would be refused.
 */
export function signCurrentTurnCalls(contents: Content[], toolMedia: ReadonlySet<Part> = new Set()): void {
  for (let i = contents.length - 1; i >= 0; i--) {
    const content = contents[i];
    if (content === undefined) continue;
    if (content.role !== "model") {
      if ((content.parts ?? []).some((part) => part.functionResponse === undefined && !toolMedia.has(part))) return;
      continue;
    }
    const first = content.parts?.find((part) => part.functionCall !== undefined);
    if (first !== undefined && (first.thoughtSignature === undefined || first.thoughtSignature === "")) {
      first.thoughtSignature = PLACEHOLDER_THOUGHT_SIGNATURE;
    }
  }
}
