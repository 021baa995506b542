/**
 * The warning codes the stream mappers report through `onWarning` (the `BridgeWarning.code` of a
 * run's warnings), the stream-side counterpart of `REQUEST_WARNINGS`: one code per situation,
 * whichever mapper meets it, so an application that swaps providers behind one endpoint matches
 * one code. Codes only one mapper has (the situation exists in one API) are listed too: every code
 * here is public surface, and no mapper emits a `stream.*` code that is not here.
 *
 * Details keys mean the same thing in every mapper: `toolCallId` is an AG-UI tool call id (or, for
 * a call that never started, the id the provider named it by), `providerId` the id a provider gave
 * a call the bridge did not keep as its AG-UI id, `messageId` an AG-UI message id, `type` the
 * provider's type name of the thing reported (`null` when it has none).
 */
export const STREAM_WARNINGS = {
  // --- Situations several mappers meet -------------------------------------------------------

  /**
   * Content of a kind the mapper does not model: dropped (RAW with `emitRawEvents`). Details
   * `{ kind, type }`: `kind` is the wire unit ({@link UnknownContentKind}: an Anthropic content
   * `"block"` or `"delta"`, a Responses output `"item"`, a Chat `"content-part"` or
   * `"reasoning-detail"`, a Gemini `"part"`), `type` its provider type name (`null` when the unit
   * has none: a Gemini part is known by its fields, listed in `keys`). Formerly
   * `stream.unknown-block`, `stream.unknown-delta`, `stream.unknown-item`,
   * `stream.unknown-content-part`, `stream.unknown-reasoning-detail` and `stream.unknown-part`.
   */
  unknownContent: "stream.unknown-content",
  /**
   * The result of a provider-run tool for a call that never started (neither in this run nor
   * unanswered in the run's input): dropped. Details `{ type, toolCallId }`: the result's block or
   * item type and the call id it names (`null` when it names none). Formerly
   * `stream.orphan-tool-output` in the Responses mapper.
   */
  orphanToolResult: "stream.orphan-tool-result",
  /** A tool call id the run or its conversation already used: the call got a fresh id. Details `{ providerId, toolCallId }`. */
  duplicateToolCallId: "stream.duplicate-tool-call-id",
  /** The provider changed the request before the model read it (Anthropic `input_transformations`, Responses withheld input). */
  inputTransformed: "stream.input-transformed",
  /** OpenAI's internal `multi_tool_use.parallel` wrapper call, expanded into the calls it holds. Details `{ providerId, toolCallIds, toolNames }`. */
  parallelWrapperExpanded: "stream.parallel-wrapper-expanded",
  /** Audio output, which AG-UI cannot carry: dropped (its transcript is kept as text where there is one). */
  audioDropped: "stream.audio-dropped",
  /**
   * The connection failed (category `network`, `timeout` or `truncated`) after the provider's own
   * end marker (Anthropic's `message_stop`, a Responses `response.completed`): the answer was whole,
   * so the run ends as the provider ended it, not in RUN_ERROR (a retry would pay for the same
   * answer again). Details `{ code, category }` of the failure; the message says what it was
   * (redacted). Reported by core's driver for any mapper with `sawEnd`.
   */
  errorAfterEnd: "stream.error-after-end",

  // --- Anthropic Messages ---------------------------------------------------------------------

  /** A message cut off by the start of the next one: closed as interrupted. */
  messageInterrupted: "stream.message-interrupted",
  /** A content block index started again after it stopped: read as a new block. */
  blockIndexRepaired: "stream.block-index-repaired",
  /** A `*_tool_result` for a call this run or its conversation already holds a result for: the first stays its result. */
  repeatedToolResult: "stream.repeated-tool-result",
  /** A thinking block that failed the API's binding check but was shown to the model unchanged. */
  inputBindingMismatch: "stream.input-binding-mismatch",
  /** A malformed `mcp_tool_listing` block: dropped. */
  invalidMcpToolListing: "stream.invalid-mcp-tool-listing",
  /** A `container_upload` block without a `file_id`: dropped. */
  emptyContainerUpload: "stream.empty-container-upload",

  // --- Google Gemini --------------------------------------------------------------------------

  /** A `functionCall` continuation part with no call streaming: ignored. */
  orphanFunctionCallPart: "stream.orphan-function-call-part",
  /** An `inlineData` or `fileData` part without data: ignored. */
  emptyMediaPart: "stream.empty-media-part",
  /** Candidates other than the first: ignored (only the first candidate is mapped). */
  extraCandidate: "stream.extra-candidate",

  // --- OpenAI Chat Completions ----------------------------------------------------------------

  /** A tool call that streamed arguments without a name: started without one. */
  unnamedToolCall: "stream.unnamed-tool-call",
  /** A `thinking_blocks` signature with no thinking being streamed: dropped. */
  unmatchedThinkingSignature: "stream.unmatched-thinking-signature",
  /** A chunk carried its choice as a whole `message` rather than a `delta` (on a stream that sends no deltas): read as the delta. Details `{ index }`. */
  messageAsDelta: "stream.message-as-delta",

  // --- OpenAI Responses -----------------------------------------------------------------------

  /**
   * A part's final copy (a `.done` event, the finished item) neither equals nor extends what its
   * deltas carried: the streamed text stays (it reached the client already), the final copy is in
   * the details. Details `{ kind, id, index, streamedLength, finalLength, final }`: `kind` is
   * `text`, `refusal`, `arguments` or `reasoning`, `id` the message or tool call id, `index` the
   * content (or summary) index.
   */
  finalTextDiffers: "stream.final-text-differs",

  /** Steering input the provider did not apply. */
  steerFailed: "stream.steer-failed",
  /** Accepted steering submissions neither committed nor reported failed or pending when the stream ended. */
  steeringUncommitted: "stream.steering-uncommitted",
  /** More steering submissions in one stream than are recorded: the later ones are not. */
  steeringDropped: "stream.steering-dropped",
  /** Events the stream repeated (a `sequence_number` already handled): dropped. */
  replayedEvent: "stream.replayed-event",
} as const;

/** The wire unit a `stream.unknown-content` warning reports (its `details.kind`). */
export type UnknownContentKind = "block" | "delta" | "item" | "content-part" | "reasoning-detail" | "part";
