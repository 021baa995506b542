/** Something the bridge dropped or rejected, reported instead of thrown. */
export interface BridgeWarning {
  /** A stable machine-readable code, e.g. `usage.invalid-count` or `request.foreign-file`. */
  code: string;
  /** What happened, for a person to read. */
  message: string;
  /** Structured detail (never the dropped payload itself when it could be large or secret). */
  details?: Record<string, unknown>;
}

/** Receives {@link BridgeWarning}s. */
export type WarningHandler = (warning: BridgeWarning) => void;

/** Collects the warnings of one conversion and forwards each to an optional handler as it happens. */
export interface WarningSink {
  readonly warnings: BridgeWarning[];
  warn(code: string, message: string, details?: Record<string, unknown>): void;
}

/**
 * Creates a {@link WarningSink}. `warn` never throws: a handler that throws is ignored (as with
 * {@link combineWarningHandlers}), and the warning is collected all the same.
 */
export function createWarningSink(onWarning?: WarningHandler): WarningSink {
  const warnings: BridgeWarning[] = [];
  const tell = combineWarningHandlers(onWarning);
  return {
    warnings,
    warn(code, message, details) {
      const warning: BridgeWarning = { code, message, ...(details !== undefined && { details }) };
      warnings.push(warning);
      tell(warning);
    },
  };
}

/**
 * One handler telling each of `handlers` (absent and non-function ones skipped) about every
 * warning, each called in its own `try`: a handler that throws is ignored and keeps no other from
 * hearing the warning. The result never throws.
 */
export function combineWarningHandlers(...handlers: ReadonlyArray<WarningHandler | undefined>): WarningHandler {
  // Handlers of anyone's making: a non-function is no handler.
  const present = handlers.filter((handler): handler is WarningHandler => typeof handler === "function");
  return (warning: BridgeWarning) => {
    for (const handler of present) {
      try {
        handler(warning);
      } catch {
        // A throwing warning handler changes nothing.
      }
    }
  };
}

/**
 * A provider factory's options for one `stream(input, streamOptions)` call, with `onWarning`
 * telling both the factory's handler and the call's ({@link combineWarningHandlers}), so every
 * request, stream and usage warning of that stream reaches both, and a handler that throws (either
 * one, alone too) is ignored. Unchanged when neither has a handler. `streamOptions` is read
 * defensively (options of anyone's making).
 */
export function withStreamWarnings<T extends { onWarning?: WarningHandler | undefined }>(options: T, streamOptions: unknown): T {
  const onWarning = streamWarningHandler(streamOptions);
  if (onWarning === undefined && typeof options.onWarning !== "function") return options;
  return { ...options, onWarning: combineWarningHandlers(options.onWarning, onWarning) };
}

function streamWarningHandler(streamOptions: unknown): WarningHandler | undefined {
  if (typeof streamOptions !== "object" || streamOptions === null) return undefined;
  try {
    const handler = (streamOptions as { onWarning?: unknown }).onWarning;
    return typeof handler === "function" ? (handler as WarningHandler) : undefined;
  } catch {
    return undefined; // a throwing getter is no handler
  }
}
