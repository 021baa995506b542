/**
 * Builders of hand-written Anthropic stream events (raw `MessageStreamEvent`s) for the suites that
 * script a response block by block.
 */
type Rec = Record<string, unknown>;

/** `message_start` of a `claude-sonnet-4-6` message with no content yet. */
export const start = (id: string) => ({
  type: "message_start",
  message: { id, type: "message", role: "assistant", model: "claude-sonnet-4-6", content: [], usage: { input_tokens: 5, output_tokens: 1 } },
});

/** `message_delta` with the stop reason, then `message_stop`. */
export const finish = (reason: string) => [{ type: "message_delta", delta: { stop_reason: reason }, usage: { output_tokens: 3 } }, { type: "message_stop" }];

/** A thinking block: its text in one delta, then its signature. */
export const thinking = (index: number, value: string, signature: string) => [
  { type: "content_block_start", index, content_block: { type: "thinking", thinking: "", signature: "" } },
  { type: "content_block_delta", index, delta: { type: "thinking_delta", thinking: value } },
  { type: "content_block_delta", index, delta: { type: "signature_delta", signature } },
  { type: "content_block_stop", index },
];

/** A text block: its citations (each a `citations_delta`), then its text in one delta. */
export const text = (index: number, value: string, citations: Rec[] = []) => [
  { type: "content_block_start", index, content_block: { type: "text", text: "" } },
  ...citations.map((citation) => ({ type: "content_block_delta", index, delta: { type: "citations_delta", citation } })),
  { type: "content_block_delta", index, delta: { type: "text_delta", text: value } },
  { type: "content_block_stop", index },
];

/** A tool block (`tool_use`, `server_tool_use`, …) whose input streams as one `input_json_delta`. */
export const call = (index: number, block: Rec, input: Rec) => [
  { type: "content_block_start", index, content_block: { ...block, input: {} } },
  { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: JSON.stringify(input) } },
  { type: "content_block_stop", index },
];
