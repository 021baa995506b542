import { finishFields, providerLabel, withStreamWarnings, type AdapterStreamOptions, type RunBuilder, type StreamMapper } from "@agui-bridge/core/adapter";
import { describeAnthropicError } from "../describe-anthropic-error.js";
import { messageDelta, messageStart, messageStop } from "./handle-message.js";
import { expectIndex, expectRecord, isRecord, MalformedChunkError } from "../narrow.js";
import { deltaBlock, startBlock, stopBlock } from "./route-content-block.js";
import { startIndex } from "./block-index.js";
import { endDeferredCalls } from "../code-execution-container.js";
import { usageFinishDetails } from "./map-anthropic-usage.js";
import { publishCacheCreation } from "./usage-counts.js";
import type { MessageState, StreamContext } from "./stream-state.js";

/**
 * The per-stream mapper from Anthropic `MessageStreamEvent`s to AG-UI, writing through the run
 * builder: a thin router over the message, text, reasoning, tool call and provider-tool handlers.
 * The run finishes (in `end()`) only when the last message saw its `message_stop`; otherwise the
 * driver reports the truncation.
 */
export function createMessagesMapper(run: RunBuilder, options: AdapterStreamOptions = {}): StreamMapper<unknown> {
  const context: StreamContext = {
    run,
    // The caller's onWarning, guarded once for the whole stream: this mapper may be used directly
    // (no provider factory guarding it), and a handler that throws must not end the run.
    options: withStreamWarnings(options, undefined),
    message: undefined,
    toolNames: new Map(),
    renamedCalls: new Map(),
    answeredCalls: new Set(),
    resultBlocks: new Map(),
    provider: providerLabel(options.provider, "anthropic"),
    messageCounts: { serverToolUse: new Map(), cacheCreation: new Map() },
    inputTransformations: new Map(),
    fallbacks: [],
  };
  return {
    chunk(chunk) {
      if (!isRecord(chunk)) throw new MalformedChunkError("the stream sent something that is not an event object");
      const type = chunk.type;
      // Deltas are nearly every event of a stream: tested first, their fields read by name.
      if (type === "content_block_delta") {
        const message = live(context, type);
        return deltaBlock(context, message, expectIndex(chunk.index, "index", type), expectRecord(chunk.delta, "delta", type), chunk);
      }
      if (typeof type !== "string" || type === "") throw new MalformedChunkError('the stream sent an event without a "type"');
      switch (type) {
        case "message_start":
          return messageStart(context, chunk);
        case "content_block_start": {
          const message = live(context, type);
          const index = startIndex(context, message, expectIndex(chunk.index, "index", type));
          return startBlock(context, message, index, expectRecord(chunk.content_block, "content_block", type));
        }
        case "content_block_stop":
          return stopBlock(context, live(context, type), expectIndex(chunk.index, "index", type));
        case "message_delta":
          return messageDelta(context, chunk);
        case "message_stop":
          return messageStop(context);
        case "ping":
          return;
        case "error":
          // Calls that only waited for the container id were complete: they end as such first.
          if (context.message !== undefined) endDeferredCalls(context, context.message);
          keepUnendedStop(context);
          publishCacheCreation(context);
          // Described like a thrown SDK error (category, retryability); the driver redacts it.
          run.fail(describeAnthropicError(chunk));
          return;
        default:
          if (options.emitRawEvents === true) run.raw(chunk, context.provider);
      }
    },
    end() {
      const last = context.message;
      if (last !== undefined && last.stopped) publishCacheCreation(context);
      // A stream cut before the message's end: the driver reports the truncation (after beforeClose).
      if (last === undefined || !last.stopped) return;
      if (last.finish === undefined) {
        run.finish({});
        return;
      }
      // How the last message was served and billed (service tier, speed, inference geo, fallback credit).
      const served = usageFinishDetails(last.usage);
      run.finish({ finish: Object.keys(served).length === 0 ? last.finish : { ...last.finish, details: { ...last.finish.details, ...served } } });
    },
    describeError: describeAnthropicError,
    // The last message's `message_stop` is the end marker: a failure after it does not fail the run.
    sawEnd: () => context.message?.stopped === true,
    // Before the driver ends the run itself (a cut or broken stream, an abort, a malformed event):
    // calls that only waited for the container id were complete, and end as such (not interrupted).
    beforeClose() {
      publishCacheCreation(context);
      const last = context.message;
      if (last !== undefined && !last.stopped) endDeferredCalls(context, last);
      keepUnendedStop(context);
    },
  };
}

/**
 * A message whose stop reason came (`message_delta`) but not its `message_stop`: the RUN_ERROR
 * that ends the run (a cut, a broken stream, an `error` event) says how the model had stopped,
 * as `finishReason` / `rawFinishReason` / `finishDetails`, as RUN_FINISHED would have. Set only
 * when the run ends this way, from the latest message, so an earlier message's stop never lingers.
 */
function keepUnendedStop(context: StreamContext): void {
  const last = context.message;
  const finish = last === undefined || last.stopped ? undefined : last.finish;
  if (finish === undefined || context.run.ended) return;
  context.run.setErrorMetadata(finishFields(finish));
}

function live(context: StreamContext, where: string): MessageState {
  const message = context.message;
  if (message === undefined || message.stopped) throw new MalformedChunkError(`${where} outside of a message`);
  return message;
}
