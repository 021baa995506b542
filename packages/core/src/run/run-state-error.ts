/**
 * Thrown by the {@link RunBuilder} when a call would make the event sequence illegal (content for a
 * message that is not open, a second start of an open tool call, anything after the terminal
 * event). The run driver turns it into RUN_ERROR, so an adapter bug or a malformed provider stream
 * can never put an invalid sequence on the wire.
 */
export class RunStateError extends Error {
  override readonly name = "RunStateError";
  /** Machine-readable code carried into RUN_ERROR. */
  readonly code = "invalid_sequence";
}
