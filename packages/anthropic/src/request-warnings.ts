import type { BridgeWarning, WarningHandler } from "@agui-bridge/core";

/** Collects the warnings of one request conversion and forwards them to an optional handler. */
export interface WarningSink {
  warnings: BridgeWarning[];
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
