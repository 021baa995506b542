/**
 * A run input that is not a valid AG-UI 1.0 `RunAgentInput`, thrown by `parseRunAgentInput`.
 * `path` names the first problem (`messages[0].content`, `""` for the input itself), so a server
 * can answer 400 with it and a provider's RUN_ERROR says exactly what to fix.
 */
export class RunInputError extends Error {
  /** Machine-readable code, also RUN_ERROR's `code` when a provider rejects its input. */
  readonly code = "invalid_input";
  /** Where the first problem is, as a property path from the input (`""` is the input itself). */
  readonly path: string;
  /** What was wrong at {@link path}, without the path. */
  readonly problem: string;

  constructor(path: string, problem: string) {
    super(`Invalid RunAgentInput${path === "" ? "" : ` at ${path}`}: ${problem}`);
    this.name = "RunInputError";
    this.path = path;
    this.problem = problem;
  }
}
