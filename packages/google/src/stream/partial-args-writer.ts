/**
 * Turns Vertex's streamed `FunctionCall.partialArgs` (JSON Path + scalar fragments) into JSON text,
 * fragment by fragment, so the concatenation of everything {@link PartialArgsWriter.push} and
 * {@link PartialArgsWriter.end} return is exactly `JSON.stringify(args)` of the object the
 * fragments assemble (members in order of first appearance, array holes as `null`).
 *
 * Fragments must arrive in document order (Gemini streams them that way): a path that goes back
 * into a container already closed, repeats a finished member, or skips back in an array cannot be
 * written incrementally and throws, so the run ends visibly instead of carrying wrong JSON.
 */

/** One path step: an object member name or an array index. */
export type PathSegment = string | number;

/** A scalar carried by one `PartialArg`. */
export type PartialValue =
  | { kind: "string"; text: string }
  | { kind: "number"; value: number }
  | { kind: "boolean"; value: boolean }
  | { kind: "null" }
  | { kind: "none" };

/** One narrowed `PartialArg`. */
export interface PartialArgFragment {
  jsonPath: string;
  value: PartialValue;
  /** More text for the same (string) path follows. */
  willContinue: boolean;
}

interface Container {
  kind: "object" | "array";
  /** Members (or elements) written so far. */
  count: number;
  keys: Set<string>;
  /** The step from the parent container to this one (undefined for the root). */
  segment: PathSegment | undefined;
}

/**
 * The most array elements one `partialArgs` entry may skip (each written as `null`). Gemini streams
 * array elements in order, so a larger gap is malformed input and ends the run with RUN_ERROR.
 */
export const MAX_ARRAY_GAP = 256;

/** Thrown when the fragments cannot be written as the JSON the whole arguments would give. */
export class PartialArgsError extends Error {
  override readonly name = "PartialArgsError";
  readonly code = "invalid_tool_arguments";
}

/** Incremental JSON writer for one streamed function call. */
export class PartialArgsWriter {
  #stack: Container[] = [];
  #openString: { path: PathSegment[]; carry: string } | undefined;
  #started = false;
  #ended = false;
  // The last path parsed: a string streamed in many fragments repeats its path on each one.
  #lastPath: string | undefined;
  #lastSegments: PathSegment[] | undefined;
  // Text written to the state but not yet returned: what a push that throws leaves for `end`.
  #held = "";

  /** Whether any text was written. */
  get started(): boolean {
    return this.#started;
  }

  /**
   * Writes one fragment; returns the JSON text it adds (possibly empty). When it throws, the text
   * the writer's state already reflects (a `{` begun, a string or containers closed) is held and
   * returned first by the next {@link end}, so a call closed after the error still gets valid JSON.
   */
  push(fragment: PartialArgFragment): string {
    if (this.#ended) throw new PartialArgsError("partialArgs arrived after the call's arguments were complete");
    const segments = this.#segments(fragment.jsonPath);
    if (segments === undefined) throw new PartialArgsError(`unsupported partialArgs jsonPath ${JSON.stringify(fragment.jsonPath)}`);
    if (segments.length === 0) throw new PartialArgsError("partialArgs jsonPath `$` (the whole arguments) is not an object member");
    this.#held += this.#begin();
    const open = this.#openString;
    if (open !== undefined) {
      const same = samePath(open.path, segments);
      if (same && (fragment.value.kind === "string" || fragment.value.kind === "none")) {
        const text = fragment.value.kind === "string" ? fragment.value.text : "";
        this.#held += this.#stringBody(text, fragment.willContinue && fragment.value.kind === "string");
        return this.#takeHeld();
      }
      this.#held += this.#stringBody("", false);
    }
    if (fragment.value.kind === "none") {
      throw new PartialArgsError(`partialArgs entry for ${fragment.jsonPath} carries no value`);
    }
    this.#moveTo(segments);
    this.#held += this.#value(segments, fragment.value, fragment.willContinue);
    return this.#takeHeld();
  }

  /** Closes whatever is open; returns the closing text (`{}` when nothing was written). */
  end(): string {
    if (this.#ended) return "";
    this.#held += this.#begin();
    if (this.#openString !== undefined) this.#held += this.#stringBody("", false);
    while (this.#stack.length > 0) this.#held += close(this.#stack.pop());
    this.#ended = true;
    return this.#takeHeld();
  }

  #takeHeld(): string {
    const out = this.#held;
    this.#held = "";
    return out;
  }

  #segments(jsonPath: string): PathSegment[] | undefined {
    if (jsonPath !== this.#lastPath) {
      this.#lastPath = jsonPath;
      this.#lastSegments = parseJsonPath(jsonPath);
    }
    return this.#lastSegments;
  }

  #begin(): string {
    if (this.#started) return "";
    this.#started = true;
    this.#stack = [{ kind: "object", count: 0, keys: new Set(), segment: undefined }];
    return "{";
  }

  /**
   * Closes containers off the path and opens the ones leading to its last step's member, adding
   * the text to what is held as it goes (a member that throws leaves the text before it held).
   */
  #moveTo(segments: PathSegment[]): void {
    const parent = segments.slice(0, -1);
    let depth = 1;
    while (depth < this.#stack.length && depth - 1 < parent.length && this.#stack[depth]?.segment === parent[depth - 1]) {
      depth++;
    }
    while (this.#stack.length > depth) this.#held += close(this.#stack.pop());
    for (let i = depth - 1; i < parent.length; i++) {
      const segment = parent[i] as PathSegment;
      this.#held += this.#member(segment);
      const kind = typeof segments[i + 1] === "number" ? "array" : "object";
      this.#held += kind === "object" ? "{" : "[";
      this.#stack.push({ kind, count: 0, keys: new Set(), segment });
    }
    this.#held += this.#member(segments[segments.length - 1] as PathSegment);
  }

  /** The separator and key (or hole fillers) before a new member of the innermost container. */
  #member(segment: PathSegment): string {
    const top = this.#stack[this.#stack.length - 1];
    if (top === undefined) throw new PartialArgsError("partialArgs path leaves the arguments object");
    if (top.kind === "object") {
      if (typeof segment !== "string") throw new PartialArgsError(`array index [${segment}] used on an object`);
      if (top.keys.has(segment)) {
        throw new PartialArgsError(`partialArgs member ${JSON.stringify(segment)} arrived out of order or twice`);
      }
      const out = `${top.count > 0 ? "," : ""}${JSON.stringify(segment)}:`;
      top.keys.add(segment);
      top.count++;
      return out;
    }
    if (typeof segment !== "number") throw new PartialArgsError(`member ${JSON.stringify(segment)} used on an array`);
    if (segment < top.count) throw new PartialArgsError(`partialArgs array index [${segment}] arrived out of order`);
    // Each skipped index is written as `null`: a huge jump is malformed input, never megabytes of nulls.
    if (segment - top.count > MAX_ARRAY_GAP) {
      throw new PartialArgsError(`partialArgs array index [${segment}] skips more than ${MAX_ARRAY_GAP} elements`);
    }
    let out = "";
    while (top.count < segment) {
      out += `${top.count > 0 ? "," : ""}null`;
      top.count++;
    }
    out += top.count > 0 ? "," : "";
    top.count++;
    return out;
  }

  #value(path: PathSegment[], value: Exclude<PartialValue, { kind: "none" }>, willContinue: boolean): string {
    switch (value.kind) {
      case "string":
        this.#openString = { path, carry: "" };
        return `"${this.#stringBody(value.text, willContinue)}`;
      case "number":
        return JSON.stringify(value.value);
      case "boolean":
        return value.value ? "true" : "false";
      case "null":
        return "null";
    }
  }

  /**
   * Escapes a string fragment. A trailing high surrogate is held back until the next fragment, so
   * a pair split across fragments is written as JSON.stringify writes the whole string.
   */
  #stringBody(text: string, willContinue: boolean): string {
    const open = this.#openString;
    if (open === undefined) return "";
    let body = open.carry + text;
    open.carry = "";
    if (willContinue && body.length > 0 && isHighSurrogate(body.charCodeAt(body.length - 1))) {
      open.carry = body.slice(-1);
      body = body.slice(0, -1);
    }
    const escaped = JSON.stringify(body).slice(1, -1);
    if (willContinue) return escaped;
    this.#openString = undefined;
    return `${escaped}"`;
  }
}

/**
 * Parses an RFC 9535 normalized-style path: `$`, `.name`, `['name']`, `["name"]`, `[0]`.
 * Returns undefined for anything else (wildcards, filters, slices).
 */
export function parseJsonPath(path: string): PathSegment[] | undefined {
  if (!path.startsWith("$")) return undefined;
  const out: PathSegment[] = [];
  let i = 1;
  while (i < path.length) {
    const ch = path[i];
    if (ch === ".") {
      let j = i + 1;
      while (j < path.length && path[j] !== "." && path[j] !== "[") j++;
      const name = path.slice(i + 1, j);
      if (name === "" || name === "*") return undefined;
      out.push(name);
      i = j;
    } else if (ch === "[") {
      const quote = path[i + 1];
      if (quote === "'" || quote === '"') {
        let j = i + 2;
        let name = "";
        while (j < path.length && path[j] !== quote) {
          if (path[j] === "\\" && j + 1 < path.length) {
            name += path[j + 1];
            j += 2;
          } else {
            name += path[j];
            j++;
          }
        }
        if (path[j] !== quote || path[j + 1] !== "]") return undefined;
        out.push(name);
        i = j + 2;
      } else {
        const end = path.indexOf("]", i);
        if (end === -1) return undefined;
        const digits = path.slice(i + 1, end);
        if (!/^(0|[1-9][0-9]*)$/.test(digits)) return undefined;
        const index = Number(digits);
        if (!Number.isSafeInteger(index)) return undefined;
        out.push(index);
        i = end + 1;
      }
    } else {
      return undefined;
    }
  }
  return out;
}

function samePath(a: readonly PathSegment[], b: readonly PathSegment[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function close(container: Container | undefined): string {
  if (container === undefined) return "";
  return container.kind === "object" ? "}" : "]";
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
