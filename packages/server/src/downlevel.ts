import { BRIDGE_METADATA_KEY, EventType, readBridgeMetadata, type Event, type Metadata } from "@agui-bridge/core/adapter";

/**
 * When to down-level the events for clients from before AG-UI 1.0:
 * - `"auto"` (default): when the input carries no `protocolVersion` (a 1.0 client sends `"1.0"`;
 *   `@ag-ui/client` 0.0.x, and CopilotKit 1.75 which uses it, send none);
 * - `"always"` / `"never"`.
 */
export type LegacyClients = "auto" | "always" | "never";

/** Whether a run for input with this `protocolVersion` is down-levelled. */
export function shouldDownlevel(protocolVersion: string | undefined, mode: LegacyClients = "auto"): boolean {
  if (mode === "always") return true;
  if (mode === "never") return false;
  return protocolVersion === undefined;
}

/**
 * Rewrites one 1.0 event into what a 0.0.x client (`@ag-ui/client` 0.0.59's strict schemas)
 * accepts, keeping what it drops under the bridge metadata key so nothing is silently lost:
 * - RUN_STARTED: no `input` echo (the 0.0.x input schema predates 1.0's parts and sources);
 * - RUN_FINISHED: `outcome.pendingToolCallIds` (rejected by the strict 0.0.x success outcome) moves
 *   to metadata `agui-bridge.pendingToolCallIds`; a `cancelled` outcome (unknown before 1.0) is
 *   dropped and recorded as metadata `agui-bridge.outcome: "cancelled"`;
 * - TOOL_CALL_RESULT: content parts (0.0.x takes a string only) become their joined text, the parts
 *   kept in metadata `agui-bridge.contentParts`;
 * - TokenUsage: `cacheWriteInputTokens` (unknown before 1.0) is dropped.
 * Every other event passes unchanged.
 */
export function downlevelEvent(event: Event): Event {
  switch (event.type) {
    case EventType.RUN_STARTED: {
      const { input: _input, ...rest } = event;
      return rest;
    }
    case EventType.RUN_FINISHED: {
      const outcome = event.outcome;
      const { outcome: _outcome, ...rest } = event;
      const usage = event.usage === undefined ? undefined : event.usage.map(({ cacheWriteInputTokens: _c, ...entry }) => entry);
      const base = { ...rest, ...(usage !== undefined && { usage }) };
      if (outcome === undefined) return base;
      if (outcome.type === "success") {
        const pending = outcome.pendingToolCallIds;
        if (pending === undefined || pending.length === 0) return { ...base, outcome: { type: "success" } };
        return { ...base, outcome: { type: "success" }, metadata: withFields(event.metadata, { pendingToolCallIds: pending }) };
      }
      if (outcome.type === "cancelled") return { ...base, metadata: withFields(event.metadata, { outcome: "cancelled" }) };
      return { ...base, outcome };
    }
    case EventType.RUN_ERROR: {
      if (event.usage === undefined) return event;
      return { ...event, usage: event.usage.map(({ cacheWriteInputTokens: _c, ...entry }) => entry) };
    }
    case EventType.TOOL_CALL_RESULT: {
      if (typeof event.content === "string") return event;
      const text = event.content.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
      return { ...event, content: text, metadata: withFields(event.metadata, { contentParts: event.content }) };
    }
    default:
      return event;
  }
}

/** Down-levels every event of a run (see {@link downlevelEvent}). */
export async function* downlevelEvents(events: AsyncIterable<Event>): AsyncGenerator<Event, void, undefined> {
  for await (const event of events) yield downlevelEvent(event);
}

function withFields(metadata: Metadata | undefined, fields: Record<string, unknown>): Metadata {
  return { ...metadata, [BRIDGE_METADATA_KEY]: { ...readBridgeMetadata(metadata), ...fields } };
}
