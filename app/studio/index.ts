// Public surface of the print studio Partner API client (server-only).
export { createStudioClient, type StudioClient, type StudioClientOptions, type RawRequest } from "./client.server";
export * from "./errors";
export * from "./schemas";
export { InMemoryPacer, STUDIO_ENDPOINT_BUDGETS, endpointOf, type Pacer, type StudioEndpoint, type InMemoryPacerOptions } from "./pacer";
export { resolveRetryPolicy, retryDecision, backoffDelayMs, withRetry, type RetryOptions, type RetryPolicy, type RetryDecision } from "./retry";
export { realClock, type StudioClock } from "./clock";
export { silentLogger, type StudioLogger } from "./logger";
export { canonicalJson, canonicalize } from "./canonical-json";
export { environmentOfKey, keyFingerprint, type StudioEnvironment } from "./api-key";
export { verifyStudioWebhook, signStudioWebhook, parseSignatureHeader, STUDIO_SIGNATURE_HEADER, STUDIO_SIGNATURE_TOLERANCE_SECONDS } from "./webhook-signature";
export { parseStudioEvent } from "./events";
export type { OrderList, OrderPage, CreateOrderOptions, ListOrdersParams } from "./resources/orders";
export type { UploadSource, PutUploadOptions, UploadResult } from "./resources/uploads";
export type { RequestOptions } from "./resources/options";
