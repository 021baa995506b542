import type { Tool } from "@agui-bridge/core/adapter";
import { isRecord } from "../narrow.js";
import type { WarningSink } from "./request-warnings.js";

/** The warning reported when a tool's `parameters` are no object schema and go as the empty one. */
export const TOOL_PARAMETERS_REPLACED_WARNING = "request.tool-parameters-replaced";

/** The schema of a function that takes no arguments. */
const EMPTY_OBJECT_SCHEMA = { type: "object", properties: {} } as const;

/**
 * A declared tool's `parameters` as a function tool's `parameters` (Chat `function.parameters`,
 * Responses `parameters`), the one rule for both APIs. OpenAI takes only a JSON Schema whose root
 * is `type: "object"`: any other root fails every request that lists the tool (400 "Invalid schema
 * for function 'x': schema must be a JSON Schema of 'type: "object"', got 'type: "None"'"), and
 * AG-UI carries `parameters` as any JSON value. So:
 * - none → `{ type: "object", properties: {} }` (a function without arguments);
 * - a schema object without a root `type` (bare `properties`, a `$ref` root as msgspec writes it)
 *   or with a type list naming `object` → the same schema with `type: "object"` (the arguments are
 *   an object whatever it said; nothing else changes);
 * - anything else (an array, a string, a boolean schema, a schema of another root type) →
 *   `{ type: "object", properties: {} }`, warning `request.tool-parameters-replaced`.
 * The caller's schema is never changed; `strict` is not set here (see the converters).
 */
export function toolParameters(tool: Tool, sink: WarningSink): Record<string, unknown> {
  const parameters = tool.parameters;
  if (parameters === undefined) return { ...EMPTY_OBJECT_SCHEMA, properties: {} };
  if (isRecord(parameters)) {
    const type = parameters.type;
    if (type === "object") return parameters;
    if (type === undefined || (Array.isArray(type) && type.includes("object"))) return { ...parameters, type: "object" };
  }
  sink.warn(TOOL_PARAMETERS_REPLACED_WARNING, `Tool ${tool.name}: its parameters are no JSON Schema of type "object", which OpenAI requires; sent as an empty object schema`, {
    toolName: tool.name,
  });
  return { ...EMPTY_OBJECT_SCHEMA, properties: {} };
}
