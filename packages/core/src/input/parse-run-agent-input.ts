import type { RunAgentInput } from "../types/input.js";
import { joinPath } from "../encodable/bounded-copy.js";
import { redactSecrets } from "../run/describe-error.js";
import { RunInputError } from "./run-input-error.js";

/** How deep a JSON value inside run input may nest by default (`state`, `forwardedProps`, …). */
export const DEFAULT_MAX_INPUT_DEPTH = 64;

/** Options for {@link parseRunAgentInput}. */
export interface ParseRunAgentInputOptions {
  /**
   * Deepest nesting allowed anywhere in the input, counting the input object itself as depth 1
   * (default {@link DEFAULT_MAX_INPUT_DEPTH}). Deeper values are rejected before anything walks
   * them recursively (echoing, serializing, converting).
   */
  maxDepth?: number;
  /**
   * Check only what a request converter reads: `messages` (required), `tools` and `context`; the
   * run ids and the other fields may be absent, and `state`, `forwardedProps` and `resume` are not
   * checked (a converter never reads them). Members that are present are still checked, except
   * that a message role or content part type this version does not know (a newer protocol's) is
   * let through as a JSON object: the converters drop it with the `request.unknown-role` /
   * `request.unknown-part` warning. Without this option (a server validating a request) it is a
   * {@link RunInputError}.
   */
  conversationOnly?: boolean;
}

type Check = (value: unknown, path: string, depth: number) => void;

interface Ctx {
  maxDepth: number;
  /** Unknown message roles and part types pass as JSON objects (see `conversationOnly`). */
  openKinds: boolean;
}

/**
 * Validates `value` against the AG-UI 1.0 `RunAgentInput` schema and returns it typed: required
 * fields present, every field of the right type, closed objects without unknown members, roles and
 * part types from the closed sets, JSON values (state, forwardedProps, tool parameters, metadata)
 * made of JSON only and no deeper than `maxDepth`. Throws {@link RunInputError} naming the path of
 * the first problem. The value is returned as given, not copied. Members whose value is
 * `undefined` count as absent (they vanish when serialized). The error never repeats a value of
 * the input, only the path (member names that look like credentials redacted, long ones cut) and
 * what was expected there, so a server can send it back as it is.
 *
 * Every provider and request converter calls this on its input, so bad input gets the same clear
 * error everywhere; a server calls it to answer 400.
 */
export function parseRunAgentInput(value: unknown, options: ParseRunAgentInputOptions = {}): RunAgentInput {
  const conversationOnly = options.conversationOnly === true;
  const ctx: Ctx = { maxDepth: options.maxDepth ?? DEFAULT_MAX_INPUT_DEPTH, openKinds: conversationOnly };
  const check = object(ctx, {
    threadId: conversationOnly ? optional(str) : str,
    runId: conversationOnly ? optional(str) : str,
    protocolVersion: optional(str),
    parentRunId: optional(str),
    // A converter reads only messages, tools and context: what it never reads is not its to reject.
    state: optional(conversationOnly ? ignored : jsonNotNull(ctx)),
    messages: arrayOf(ctx, message(ctx)),
    tools: optional(arrayOf(ctx, tool(ctx))),
    context: optional(arrayOf(ctx, object(ctx, { description: str, value: str }, "a context entry"))),
    forwardedProps: optional(conversationOnly ? ignored : jsonNotNull(ctx)),
    resume: optional(conversationOnly ? ignored : arrayOf(ctx, resumeEntry(ctx))),
  }, "a RunAgentInput object");
  check(value, "", 1);
  return value as RunAgentInput;
}

// ---- building blocks ----------------------------------------------------------------------

const OPTIONAL = Symbol("optional");
type FieldCheck = Check & { [OPTIONAL]?: true };

function optional(check: Check): FieldCheck {
  const wrapped: FieldCheck = (value, path, depth) => check(value, path, depth);
  wrapped[OPTIONAL] = true;
  return wrapped;
}

/** Longest member name a path repeats as it is; a longer one is cut (the path stays short). */
const MAX_PATH_KEY = 32;

/**
 * `path.key`, the key being request content: one that looks like a credential (core's
 * {@link redactSecrets} rules) is named `[redacted]`, a long one is cut to its first
 * {@link MAX_PATH_KEY} characters and `…`. Nothing else of the input is repeated in an error.
 */
function join(path: string, key: string): string {
  if (redactSecrets(key) !== key) return joinPath(path, "[redacted]");
  return joinPath(path, key.length > MAX_PATH_KEY ? `${key.slice(0, MAX_PATH_KEY)}…` : key);
}

function fail(path: string, problem: string): never {
  throw new RunInputError(path, problem);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return "a string";
  if (typeof value === "object") return "an object";
  return typeof value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Accepts anything (fields a converter never reads, under `conversationOnly`). */
const ignored: Check = () => undefined;

const str: Check = (value, path) => {
  if (typeof value !== "string") fail(path, `expected a string, got ${describe(value)}`);
};

function literal(...allowed: string[]): Check {
  return (value, path) => {
    if (typeof value !== "string" || !allowed.includes(value)) {
      fail(path, `expected ${allowed.map((a) => JSON.stringify(a)).join(" or ")}, got ${typeof value === "string" ? "another string" : describe(value)}`);
    }
  };
}

function deeper(ctx: Ctx, path: string, depth: number): void {
  if (depth > ctx.maxDepth) fail(path, `nested deeper than ${ctx.maxDepth} levels`);
}

function object(ctx: Ctx, fields: Record<string, FieldCheck>, what: string): Check {
  return (value, path, depth) => {
    deeper(ctx, path, depth);
    if (!isPlainObject(value)) fail(path, `expected ${what}, got ${describe(value)}`);
    for (const key of Object.keys(value)) {
      if (!Object.hasOwn(fields, key) && value[key] !== undefined) fail(join(path, key), `unknown member of ${what} (the object is closed)`);
    }
    for (const [key, check] of Object.entries(fields)) {
      const member = value[key];
      if (member === undefined) {
        if (check[OPTIONAL] !== true) fail(join(path, key), "required, missing");
        continue;
      }
      check(member, join(path, key), depth + 1);
    }
  };
}

function arrayOf(ctx: Ctx, item: Check): Check {
  return (value, path, depth) => {
    deeper(ctx, path, depth);
    if (!Array.isArray(value)) fail(path, `expected an array, got ${describe(value)}`);
    for (let i = 0; i < value.length; i++) item(value[i], `${path}[${i}]`, depth + 1);
  };
}

/** A tagged union; `unknown`, when given, checks a member whose tag is a string none of `variants` names. */
function oneOf(discriminator: string, variants: Record<string, Check>, what: string, unknown?: Check): Check {
  return (value, path, depth) => {
    if (!isPlainObject(value)) fail(path, `expected ${what}, got ${describe(value)}`);
    const tag = value[discriminator];
    const known = typeof tag === "string" && Object.hasOwn(variants, tag);
    if (!known && typeof tag === "string" && unknown !== undefined) return unknown(value, path, depth);
    const check = known ? variants[tag as string] : undefined;
    if (check === undefined) {
      fail(join(path, discriminator), `expected one of ${Object.keys(variants).map((k) => JSON.stringify(k)).join(", ")}, got ${typeof tag === "string" ? "another string" : describe(tag)}`);
    }
    check(value, path, depth);
  };
}

/** Any JSON value: null, boolean, finite number, string, array, plain object; no deeper than allowed. */
function json(ctx: Ctx): Check {
  const walk: Check = (value, path, depth) => {
    if (value === null || typeof value === "string" || typeof value === "boolean") return;
    if (typeof value === "number") {
      if (!Number.isFinite(value)) fail(path, "expected a JSON value, got a non-finite number");
      return;
    }
    if (Array.isArray(value)) {
      deeper(ctx, path, depth);
      for (let i = 0; i < value.length; i++) {
        if (value[i] === undefined) fail(`${path}[${i}]`, "expected a JSON value, got undefined");
        walk(value[i], `${path}[${i}]`, depth + 1);
      }
      return;
    }
    if (isPlainObject(value)) {
      deeper(ctx, path, depth);
      for (const [key, member] of Object.entries(value)) if (member !== undefined) walk(member, join(path, key), depth + 1);
      return;
    }
    fail(path, `expected a JSON value, got ${describe(value)}`);
  };
  return walk;
}

function jsonNotNull(ctx: Ctx): Check {
  const walk = json(ctx);
  return (value, path, depth) => {
    if (value === null) fail(path, "expected a JSON value other than null");
    walk(value, path, depth);
  };
}

/** Metadata: an object open by key, any JSON value (null included) under a key. */
function metadata(ctx: Ctx): Check {
  const walk = json(ctx);
  return (value, path, depth) => {
    if (!isPlainObject(value)) fail(path, `expected a metadata object, got ${describe(value)}`);
    walk(value, path, depth);
  };
}

// ---- the schema ---------------------------------------------------------------------------

function contentParts(ctx: Ctx): Check {
  const source = oneOf("type", {
    data: object(ctx, { type: str, value: str, mimeType: str }, "a data source"),
    url: object(ctx, { type: str, value: str, mimeType: optional(str) }, "a url source"),
    file: object(ctx, { type: str, value: str, provider: optional(str), mimeType: optional(str) }, "a file source"),
  }, "a part source");
  const media = (kind: string): Check =>
    object(ctx, { type: str, id: optional(str), source, metadata: optional(jsonNotNull(ctx)) }, `an ${kind} part`);
  const part = oneOf("type", {
    text: object(ctx, { type: str, id: optional(str), text: str, metadata: optional(jsonNotNull(ctx)) }, "a text part"),
    image: media("image"),
    audio: media("audio"),
    video: media("video"),
    document: media("document"),
  }, "a content part", ctx.openKinds ? metadata(ctx) : undefined);
  const parts = arrayOf(ctx, part);
  return (value, path, depth) => {
    if (typeof value === "string") return;
    if (!Array.isArray(value)) fail(path, `expected a string or an array of content parts, got ${describe(value)}`);
    parts(value, path, depth);
  };
}

function message(ctx: Ctx): Check {
  const meta = optional(metadata(ctx));
  const base = { subagentRunId: optional(str), id: str, role: str, name: optional(str), encryptedValue: optional(str), metadata: meta };
  const toolCall = object(ctx, {
    id: str,
    type: literal("function"),
    function: object(ctx, { name: str, arguments: str }, "a function call"),
    encryptedValue: optional(str),
    metadata: meta,
  }, "a tool call");
  const content = contentParts(ctx);
  const unnamed = { subagentRunId: optional(str), id: str, role: str, metadata: meta };
  return oneOf("role", {
    developer: object(ctx, { ...base, content: str }, "a developer message"),
    system: object(ctx, { ...base, content: str }, "a system message"),
    assistant: object(ctx, { ...base, content: optional(str), toolCalls: optional(arrayOf(ctx, toolCall)) }, "an assistant message"),
    user: object(ctx, { ...base, content }, "a user message"),
    tool: object(ctx, { ...unnamed, content, toolCallId: str, error: optional(str), encryptedValue: optional(str) }, "a tool message"),
    activity: object(ctx, { ...unnamed, activityType: str, content: metadata(ctx) }, "an activity message"),
    reasoning: object(ctx, { ...unnamed, content: str, encryptedValue: optional(str) }, "a reasoning message"),
  }, "a message object", ctx.openKinds ? metadata(ctx) : undefined);
}

function tool(ctx: Ctx): Check {
  return object(ctx, {
    name: str,
    description: str,
    parameters: optional(jsonNotNull(ctx)),
    metadata: optional(metadata(ctx)),
  }, "a tool");
}

function resumeEntry(ctx: Ctx): Check {
  return object(ctx, {
    interruptId: str,
    status: literal("resolved", "cancelled"),
    payload: optional(jsonNotNull(ctx)),
    metadata: optional(metadata(ctx)),
  }, "a resume entry");
}

/** The run-level options a provider passes to its stream for the input it was given. */
export interface ProviderInputOptions {
  input?: RunAgentInput;
  threadId?: string;
  runId?: string;
  echoInput?: false;
}

/**
 * For provider factories: the `input` to hand the run when it is a valid `RunAgentInput`; when it
 * is not, no `input` (so nothing invalid is echoed on RUN_STARTED), `echoInput: false`, and the
 * thread and run ids only where they are strings. Spread it after the factory's own run options.
 * The request converter then rejects the input with {@link RunInputError}, which the run reports
 * as RUN_ERROR `invalid_input`.
 */
export function providerInputOptions(input: unknown): ProviderInputOptions {
  try {
    return { input: parseRunAgentInput(input) };
  } catch {
    const record = isPlainObject(input) ? input : {};
    return {
      echoInput: false,
      ...(typeof record.threadId === "string" && { threadId: record.threadId }),
      ...(typeof record.runId === "string" && { runId: record.runId }),
    };
  }
}
