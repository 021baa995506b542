/**
 * Compile-time proof that our public types are assignable to the reference SDK's
 * (`@ag-ui/core@1.0.0`, a devDependency only). `pnpm typecheck` fails if they drift apart; the
 * runtime part checks the EventType constant holds exactly the reference's 31 values.
 *
 * One documented divergence: the reference `RunAgentInput` type is the zod schema's *output*, in
 * which `tools` and `context` are required because the schema defaults them to `[]`. The spec makes
 * them optional and so do we. So our RunAgentInput (and RUN_STARTED, which echoes it) is checked
 * against the reference type once those defaults are filled in; the conformance kit checks the
 * wire objects themselves against the reference schemas at run time.
 */
import type * as Ref from "@ag-ui/core";
import { EventType as RefEventType } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { EventType } from "../src/adapter.js";
import type * as Ours from "../src/adapter.js";

type Assignable<From, To> = [From] extends [To] ? true : false;
const proof = <T extends true>(value: T): T => value;

type WithDefaults<T> = T & { tools: Ours.Tool[]; context: Ours.Context[] };

// Unions as a whole, against the reference types.
proof<Assignable<Exclude<Ours.Event, Ours.RunStartedEvent>, Ref.Event>>(true);
proof<Assignable<Ours.Message, Ref.Message>>(true);
proof<Assignable<WithDefaults<Ours.RunAgentInput>, Ref.RunAgentInput>>(true);
proof<Assignable<Ours.RunStartedEvent & { input?: WithDefaults<Ours.RunAgentInput> }, Ref.RunStartedEvent>>(true);

// A selection of members, so a failure points at the culprit.
proof<Assignable<Ours.RunFinishedEvent, Ref.RunFinishedEvent>>(true);
proof<Assignable<Ours.RunErrorEvent, Ref.RunErrorEvent>>(true);
proof<Assignable<Ours.ToolCallResultEvent, Ref.ToolCallResultEvent>>(true);
proof<Assignable<Ours.ReasoningEncryptedValueEvent, Ref.ReasoningEncryptedValueEvent>>(true);
proof<Assignable<Ours.TokenUsage, Ref.TokenUsage>>(true);
proof<Assignable<Ours.ContentPart, Ref.ContentPart>>(true);
proof<Assignable<Ours.ToolCall, Ref.ToolCall>>(true);
proof<Assignable<Ours.AgentCapabilities, Ref.AgentCapabilities>>(true);
proof<Assignable<Ours.JsonPatchOperation, Ref.JsonPatchOperation>>(true);
proof<Assignable<Ours.RunFinishedOutcome, Ref.RunFinishedOutcome>>(true);

describe("EventType", () => {
  it("holds exactly the 31 AG-UI 1.0 event types", () => {
    const ours = Object.values(EventType).sort();
    expect(ours).toHaveLength(31);
    expect(ours).toEqual(Object.values(RefEventType).sort());
  });
});
