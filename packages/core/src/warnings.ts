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

/** Creates a {@link WarningSink}. */
export function createWarningSink(onWarning?: WarningHandler): WarningSink {
  const warnings: BridgeWarning[] = [];
  return {
    warnings,
    warn(code, message, details) {
      const warning: BridgeWarning = { code, message, ...(details !== undefined && { details }) };
      warnings.push(warning);
      onWarning?.(warning);
    },
  };
}
