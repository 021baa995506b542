import type { BridgeWarning, WarningHandler } from "@agui-bridge/core";

/** Collects request warnings and forwards each to `onWarning` as it happens. */
export interface WarningSink {
  readonly warnings: BridgeWarning[];
  warn(code: string, message: string, details?: Record<string, unknown>): void;
}

/** A sink forwarding to `onWarning`. */
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
