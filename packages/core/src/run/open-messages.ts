import type { BridgeMetadata } from "../metadata.js";
import { EventType, type Event } from "../types/events.js";
import type { WarningHandler } from "../warnings.js";
import { closedEvent } from "./entity-events.js";
import { stampFields } from "./event-metadata.js";
import type { MintedEntityIds } from "./minted-entity-ids.js";
import { markOpen, takeOpen, type OpenEntity } from "./open-entities.js";
import { RunStateError } from "./run-state-error.js";

/** A kind of message a run opens, fills and closes. */
export type MessageKind = "text message" | "reasoning message";

/** How a message was opened: its id's own bridge fields and END fields (see `StartTextOptions`). */
interface MessageStart {
  metadata?: BridgeMetadata | undefined;
  endMetadata?: OpenEntity["end"];
}

const CONTENT = { "text message": EventType.TEXT_MESSAGE_CONTENT, "reasoning message": EventType.REASONING_MESSAGE_CONTENT } as const;
const END = { "text message": EventType.TEXT_MESSAGE_END, "reasoning message": EventType.REASONING_MESSAGE_END } as const;

/**
 * The text and reasoning messages open in a run: each id minted once per run, its fields stamped
 * with the provider, its content accepted only while it is open, and its END carrying its own
 * END fields (the run builder's message bookkeeping, kept apart from the events it writes).
 */
export class OpenMessages {
  readonly text = new Map<string, OpenEntity>();
  readonly reasoning = new Map<string, OpenEntity>();
  readonly #ids: MintedEntityIds;
  readonly #provider: string | undefined;
  readonly #onWarning: WarningHandler | undefined;

  constructor(ids: MintedEntityIds, provider: string | undefined, onWarning: WarningHandler | undefined) {
    this.#ids = ids;
    this.#provider = provider;
    this.#onWarning = onWarning;
  }

  /** Opens a message (its id minted: throws when the run used it) and returns its stamped fields. */
  open(kind: MessageKind, messageId: string, options: MessageStart, subagentRunId: string | undefined): BridgeMetadata {
    const fields = stampFields(this.#provider, options.metadata);
    this.#ids.mint(messageId, kind);
    markOpen(this.#map(kind), kind, messageId, { fields, end: options.endMetadata, subagentRunId });
    return fields;
  }

  /** Whether the message is open. */
  isOpen(kind: MessageKind, messageId: string): boolean {
    return this.#map(kind).has(messageId);
  }

  /** A fragment of an open message; throws when it is not open. */
  content(kind: MessageKind, messageId: string, delta: string): Event {
    if (!this.#map(kind).has(messageId)) throw new RunStateError(`${kind} ${messageId} is not open`);
    return { type: CONTENT[kind], messageId, delta } as Event;
  }

  /** Closes an open message (throws when it is not open): its END, metadata over its own END fields. */
  close(kind: MessageKind, messageId: string, metadata: BridgeMetadata | undefined): Event {
    const open = takeOpen(this.#map(kind), kind, messageId);
    return closedEvent({ type: END[kind], messageId }, open, metadata, this.#onWarning);
  }

  #map(kind: MessageKind): Map<string, OpenEntity> {
    return kind === "text message" ? this.text : this.reasoning;
  }
}
