/**
 * A reference assembly of Vertex `partialArgs` into the whole arguments object, independent of the
 * adapter's incremental writer: set each value at its path (strings concatenated), then
 * JSON.stringify. What the adapter's ARGS must concatenate to.
 */

/** One recorded call: whole args, or the fragments that stream them. */
export interface RecordedCall {
  name: string;
  args?: Record<string, unknown>;
  fragments: Array<Record<string, unknown>>;
}

/** The JSON text the call's arguments amount to. */
export function assembleArgs(call: RecordedCall): string {
  if (call.args !== undefined) return JSON.stringify(call.args);
  const root: Record<string, unknown> = {};
  for (const fragment of call.fragments) {
    const steps = pathSteps(String(fragment.jsonPath));
    let target: any = root;
    steps.forEach((step, index) => {
      if (index === steps.length - 1) {
        if (typeof fragment.stringValue === "string") target[step] = (target[step] ?? "") + fragment.stringValue;
        else if (typeof fragment.numberValue === "number") target[step] = fragment.numberValue;
        else if (typeof fragment.boolValue === "boolean") target[step] = fragment.boolValue;
        else if (fragment.nullValue !== undefined) target[step] = null;
        return;
      }
      target[step] ??= typeof steps[index + 1] === "number" ? [] : {};
      target = target[step];
    });
  }
  return JSON.stringify(root);
}

function pathSteps(path: string): Array<string | number> {
  return [...path.slice(1).matchAll(/\.([^.[]+)|\[(\d+)\]|\['([^']*)'\]/g)].map((m) =>
    m[2] !== undefined ? Number(m[2]) : (m[1] ?? m[3] ?? ""),
  );
}
