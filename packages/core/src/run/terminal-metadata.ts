import type { BridgeMetadata } from "../metadata.js";
import type { UsageLedger } from "../usage/usage-ledger.js";
import { mergeFields } from "./event-metadata.js";
import type { TerminalState } from "./terminal-events.js";

/**
 * The bridge fields a run records before it ends, for its terminal event: those every terminal
 * event carries (`setTerminalMetadata`) and those only RUN_ERROR carries (`setErrorMetadata`),
 * each merged shallowly as they come (last write wins per key).
 */
export class TerminalMetadata {
  #all: BridgeMetadata | undefined;
  #error: BridgeMetadata | undefined;

  /** Fields for whatever terminal event ends the run. */
  add(fields: BridgeMetadata): void {
    this.#all = mergeFields(this.#all, fields);
  }

  /** Fields for RUN_ERROR only. */
  addForError(fields: BridgeMetadata): void {
    this.#error = mergeFields(this.#error, fields);
  }

  /** What the terminal event is built from; read after the run closed what was open. */
  state(threadId: string, runId: string, usage: UsageLedger): TerminalState {
    return { threadId, runId, usage: usage.entries(), terminal: this.#all, error: this.#error };
  }
}
