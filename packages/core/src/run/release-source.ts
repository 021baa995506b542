/**
 * Lets go of a provider iterator without waiting for it: `return()` is called and its outcome
 * ignored (a generator blocked in `next()` settles `return()` only after it, and a throwing or
 * rejecting `return()` must not escape).
 */
export function releaseIterator(iterator: AsyncIterator<unknown> | undefined): void {
  if (iterator?.return === undefined) return;
  try {
    void Promise.resolve(iterator.return()).catch(() => undefined);
  } catch {
    // A throwing return() must not escape.
  }
}

/** Releases a source that arrives (or has arrived) after the run stopped wanting it. */
export function releaseLate<Chunk>(opening: AsyncIterable<Chunk> | Promise<AsyncIterable<Chunk>>): void {
  void Promise.resolve(opening)
    .then(
      (late) => late[Symbol.asyncIterator]().return?.(),
      () => undefined,
    )
    .catch(() => undefined);
}
