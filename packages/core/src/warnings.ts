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
