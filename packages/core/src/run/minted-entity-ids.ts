import { IdFingerprints } from "./id-fingerprints.js";
import { RunStateError } from "./run-state-error.js";

/** The kinds of entity an AG-UI id names. */
export type EntityKind = "text message" | "reasoning message" | "tool result message" | "tool call";

const KINDS: readonly EntityKind[] = ["text message", "reasoning message", "tool result message", "tool call"];

/**
 * The entity ids one run has put on the wire, and what each names. AG-UI ids are unique across
 * kinds within a run: the reference client folds two entities with one id into one (a message
 * whose id is a tool call's even becomes part of that call). Provider ids become AG-UI ids, and a
 * broken or hostile stream can repeat one (a second message under the first one's id, a message
 * under a tool call's id): the run then ends with RUN_ERROR `invalid_sequence` rather than put the
 * merged entity on the wire. A reasoning span may share its id with a reasoning message, so spans
 * are not recorded here; a tool call answered from an earlier run (`adoptToolCall`) is not minted
 * by this run either.
 *
 * The ids are kept as fingerprints, one set per kind ({@link IdFingerprints}: a few bytes an id,
 * whatever its length), so a run of any length holds no id strings: memory stays flat over a
 * stream of any number of entities.
 */
export class MintedEntityIds {
  // One set per kind, in the order of KINDS (an array: no Map iterator and entry per mint).
  readonly #byKind: readonly IdFingerprints[] = KINDS.map(() => new IdFingerprints());

  /** Records `id` as naming a new `kind`; throws {@link RunStateError} when the run already used it. */
  mint(id: string, kind: EntityKind): void {
    for (let i = 0; i < KINDS.length; i++) {
      if ((this.#byKind[i] as IdFingerprints).has(id)) throw new RunStateError(`the ${kind} id ${id} is already the id of a ${KINDS[i] as EntityKind} in this run`);
    }
    (this.#byKind[KINDS.indexOf(kind)] as IdFingerprints).add(id);
  }
}
