import type { BridgeMetadata } from "@agui-bridge/core/adapter";
import { asNonEmptyString } from "../narrow.js";
import type { ResponsesStreamState } from "./responses-stream-state.js";

/**
 * `encryptedKind` of a tool call whose encrypted value is the `thought_signature` of a Responses
 * `function_call` item: Perplexity's Agent API puts one on the calls of thinking models ("Base64-
 * encoded opaque signature for thinking models", its SDK's `FunctionCallOutputItem`) and takes it
 * back on the `function_call` input item.
 */
export const FUNCTION_CALL_SIGNATURE_KIND = "function-call-thought-signature";

/**
 * Writes a finished `function_call` item's `thought_signature` as the call's encrypted value;
 * returns the END metadata that names its kind (merged over `metadata`), or `metadata` as it was
 * when the item has none.
 */
export function writeFunctionCallSignature(
  state: ResponsesStreamState,
  toolCallId: string,
  item: Record<string, unknown>,
  metadata: BridgeMetadata | undefined,
): BridgeMetadata | undefined {
  const signature = item.type === "function_call" ? asNonEmptyString(item.thought_signature) : undefined;
  if (signature === undefined) return metadata;
  state.run.encryptedValue("tool-call", toolCallId, signature);
  return { ...metadata, encryptedKind: FUNCTION_CALL_SIGNATURE_KIND };
}
