/**
 * What the request validators share: the problem they report and the JSON helpers they read the
 * body with.
 */

/**
 * Why a request is rejected: the message, OpenAI's `param` when it names one, and OpenAI's `code`
 * where a recorded answer shows one (the tool-message refusals really have `code: null`).
 * `status` is set for the one refusal the API answers with another status than 400: a Responses
 * item the API looks up by id and cannot find (404).
 */
export interface RequestProblem {
  message: string;
  param?: string | null;
  code?: string | null;
  status?: 404;
}

/** A parsed JSON object. */
export type Json = Record<string, unknown>;

/** Whether `value` is a JSON object (not an array, not null). */
export const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The objects of a content array (anything else: none). */
export const blocks = (content: unknown): Json[] => (Array.isArray(content) ? content.filter(isObject) : []);

/** OpenAI's answer to a required field left out: "Missing required parameter: 'x'." (`missing_required_parameter`). */
export const missingParameter = (param: string): RequestProblem => ({ message: `Missing required parameter: '${param}'.`, param, code: "missing_required_parameter" });

/**
 * OpenAI's answer to an empty string where one of at least one character is required, as recorded
 * ("Invalid 'input[4].call_id': empty string. Expected a string with minimum length 1, but got an
 * empty string instead.", `code` `empty_string`: BigPizzaV3/CodexPlusPlus#315; the same wording for
 * `messages[i].tool_calls[j].function.name`: continuedev/continue#9784).
 */
export const emptyString = (param: string): RequestProblem => ({
  message: `Invalid '${param}': empty string. Expected a string with minimum length 1, but got an empty string instead.`,
  param,
  code: "empty_string",
});
