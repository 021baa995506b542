export {
  createAgUiHandler,
  DEFAULT_MAX_BODY_BYTES,
  type AgUiHandler,
  type AgUiHandlerOptions,
} from "./create-agui-handler.js";
export { safeUrl, toNodeHandler, type NodeHandler } from "./to-node-handler.js";
export { corsHeaders, isOriginAllowed, preflightHeaders, type AllowOrigins } from "./cors.js";
export { downlevelEvent, downlevelEvents, shouldDownlevel, type LegacyClients } from "./downlevel.js";
export { encodeProtobufFrame } from "./encode-protobuf.js";
export { errorResponse, type AgUiErrorBody } from "./http-errors.js";
export { negotiateAccept, negotiateTransport, PROTOBUF_MEDIA_TYPE, type Transport } from "./negotiate.js";
export { BodyError, readJsonBody } from "./read-json-body.js";
export { guardRun } from "./guard-run.js";
export { uplevelLegacyInput } from "./uplevel-input.js";
