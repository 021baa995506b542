/**
 * A Claude model id reduced to what names the model, whatever platform spells it: `base` is the
 * model (`claude-sonnet-4-5`), `date` its snapshot date when the id names one (`20250929`).
 */
export interface ClaudeModelId {
  base: string;
  date: string | undefined;
}

const DATE = /[-@](\d{8})$/;

/**
 * Parses a model id as one of Claude's, in the spellings of the platforms that serve it:
 * - Claude API: `claude-sonnet-4-5` (alias), `claude-sonnet-4-5-20250929` (snapshot), `…-latest`,
 *   and the `-0` aliases of models whose snapshots have no minor version (`claude-sonnet-4-0`);
 * - Amazon Bedrock: `anthropic.claude-sonnet-4-5-20250929-v1:0`, with a cross-region inference
 *   profile prefix (`us.`, `eu.`, `apac.`, `global.`), or the ARN of either (its last segment);
 * - Vertex AI: `claude-sonnet-4-5@20250929`, or a `publishers/anthropic/models/…` path;
 * - gateways: a `vendor/` prefix and dotted versions (`anthropic/claude-sonnet-4.5`).
 * Returns `undefined` for anything else (a gateway's own alias, an application inference profile
 * id, a non-string): such an id tells nothing about which model it is.
 */
export function parseClaudeModelId(id: unknown): ClaudeModelId | undefined {
  if (typeof id !== "string") return undefined;
  let rest = id.trim().toLowerCase();
  rest = rest.slice(rest.lastIndexOf("/") + 1);
  const vendor = rest.indexOf("anthropic.");
  if (vendor !== -1) rest = rest.slice(vendor + "anthropic.".length);
  rest = rest.replace(/-v\d+(?::\d+)?$/, "").replace(/[-@]latest$/, "");
  const date = DATE.exec(rest)?.[1];
  if (date !== undefined) rest = rest.slice(0, -date.length - 1);
  rest = rest.replace(/(\d)\.(?=\d)/g, "$1-");
  // A `.0` version names the model its snapshots name without one: `claude-sonnet-4-0` is the alias
  // of `claude-sonnet-4-20250514`, `claude-opus-4-0` of `claude-opus-4-20250514`.
  rest = rest.replace(/(-\d+)-0$/, "$1");
  if (!/^claude-[a-z0-9-]*[a-z0-9]$/.test(rest)) return undefined;
  return { base: rest, date };
}

/**
 * Whether two parsed ids name the same model: the same base, and the same snapshot when both name
 * one (an alias matches each snapshot of its model, as the API resolves it to one).
 */
export function sameClaudeModel(a: ClaudeModelId, b: ClaudeModelId): boolean {
  return a.base === b.base && (a.date === undefined || b.date === undefined || a.date === b.date);
}
