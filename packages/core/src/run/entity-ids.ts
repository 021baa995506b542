import type { Message } from "../types/messages.js";
import { randomId, type IdGenerator } from "./ids.js";

/**
 * The entity ids (messages, reasoning messages, tool calls, tool results) already taken in one
 * run's conversation, so ids minted by several provider streams stay unique across the whole run
 * and never collide with the conversation the run started from.
 */
export class EntityIds {
  readonly #used = new Set<string>();
  readonly #generate: IdGenerator;

  constructor(generateId: IdGenerator = randomId) {
    this.#generate = generateId;
  }

  /** Seeds the taken ids from a conversation (message ids and the ids of their tool calls). */
  static fromMessages(messages: readonly Message[], generateId?: IdGenerator): EntityIds {
    const ids = new EntityIds(generateId);
    for (const message of messages) {
      ids.claim(message.id);
      if (message.role === "assistant") for (const call of message.toolCalls ?? []) ids.claim(call.id);
    }
    return ids;
  }

  /** Whether the id is taken. */
  has(id: string): boolean {
    return this.#used.has(id);
  }

  /** Marks an id as taken. */
  claim(id: string): void {
    this.#used.add(id);
  }

  /** `preferred` when it is free, otherwise a fresh id (`prefix` + generated); the result is taken. */
  mint(preferred?: string, prefix = ""): string {
    let id = preferred;
    for (let attempt = 0; id === undefined || this.#used.has(id); attempt++) {
      if (attempt > 1000) throw new Error("the id generator keeps producing taken ids");
      id = `${prefix}${this.#generate()}`;
    }
    this.#used.add(id);
    return id;
  }
}
