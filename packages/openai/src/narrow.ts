/** Narrowing helpers for untrusted provider payloads (shared from core). */
export { asArray, asNonEmptyString, asNumber, asRecord, asString, isRecord } from "@agui-bridge/core/adapter";
