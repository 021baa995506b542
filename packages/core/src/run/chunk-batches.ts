/**
 * The method through which `driveRun` pulls a source's chunks one read at a time (an async
 * iterator of non-empty chunk arrays) when the source offers it, instead of one generator step per
 * chunk; core's `sseChunkSource` sources do. The chunks of one array are mapped in order and
 * their events handed over together, all of them before the next read, so nothing waits on later
 * bytes (a run that ends, or is aborted, mid-array maps nothing after that point).
 */
export const CHUNK_BATCHES: unique symbol = Symbol("agui-bridge.chunk-batches");

/** An async iterable of chunks that can also be read in batches (see {@link CHUNK_BATCHES}). */
export interface BatchedChunks<T> extends AsyncIterable<T> {
  [CHUNK_BATCHES](): AsyncIterator<T[]>;
}

/** Whether a source iterable offers {@link CHUNK_BATCHES} (read defensively: a throwing getter is a no). */
export function offersBatches<T>(iterable: AsyncIterable<T>): iterable is BatchedChunks<T> {
  try {
    return typeof (iterable as Partial<BatchedChunks<T>>)[CHUNK_BATCHES] === "function";
  } catch {
    return false;
  }
}
