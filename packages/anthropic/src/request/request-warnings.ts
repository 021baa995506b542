/** Request-side warnings: the shared sink from core. */
export { createWarningSink, type WarningSink } from "@agui-bridge/core/adapter";
