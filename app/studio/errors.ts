// The one error factory of the studio client: every non-2xx envelope becomes a typed error here.
// Codes are additive (spec, Versioning 2): an unknown code falls back on its status class.
import { ShippingOptionSchema, type ErrorBody, type ShippingOption } from "./schemas";

export interface StudioErrorInit<D = unknown> {
  code: string;
  status: number | null;
  message: string;
  details?: D;
  retryAfter?: number | null;
  method?: string | null;
  path?: string | null;
  cause?: unknown;
}

/** Base of every error the client throws. Never carries the API key (messages are redacted upstream). */
export class StudioError<D = unknown> extends Error {
  readonly code: string;
  readonly status: number | null;
  readonly details: D;
  /** Seconds the server asked us to wait (Retry-After), else null. */
  readonly retryAfter: number | null;
  readonly method: string | null;
  readonly path: string | null;
  /** Whether the retry policy may try the same request again. */
  get retryable(): boolean {
    return false;
  }

  constructor(init: StudioErrorInit<D>) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.status = init.status;
    this.details = init.details as D;
    this.retryAfter = init.retryAfter ?? null;
    this.method = init.method ?? null;
    this.path = init.path ?? null;
  }

  toJSON(): Record<string, unknown> {
    const { name, code, status, message, details, retryAfter, method, path } = this;
    return { name, code, status, message, details, retryAfter, method, path };
  }
}

/** 4xx: the request is at fault; retrying the same request will not help. */
export class StudioRequestError<D = unknown> extends StudioError<D> {}
/** 5xx: the service's fault; safe to retry with backoff. */
export class StudioServerError<D = unknown> extends StudioError<D> {
  override get retryable(): boolean {
    return true;
  }
}

// --- One class per code of the spec's error table (21 codes).
export class StudioArtworkNotAllowedError extends StudioRequestError {}
export class StudioArtworkRequiredError extends StudioRequestError {}
export class StudioIdempotencyKeyRequiredError extends StudioRequestError {}
export class StudioInvalidQuantityError extends StudioRequestError {}
export class StudioMatBelowMinimumError extends StudioRequestError {}
export class StudioProductUnavailableError extends StudioRequestError {}
export class StudioProductUnsupportedError extends StudioRequestError {}
export class StudioQuoteEnvironmentMismatchError extends StudioRequestError {}
export class StudioShippingAddressIncompleteError extends StudioRequestError {}
export class StudioShippingUnavailableError extends StudioRequestError<{ shippingOptions: ShippingOption[] }> {}
export class StudioValidationError extends StudioRequestError<{ paths: string[]; raw: unknown }> {}
export class StudioAuthenticationError extends StudioRequestError {}
export class StudioCreditLimitExceededError extends StudioRequestError<{
  outstandingCents: number | null;
  limitCents: number | null;
  availableCents: number | null;
  orderCents: number | null;
}> {}
export class StudioPermissionError extends StudioRequestError {}
export class StudioNotFoundError extends StudioRequestError {}
/** Same Idempotency-Key with a different body: a bug in the caller, surfaced loudly. */
export class StudioIdempotencyKeyReusedError extends StudioRequestError {}
/** Same Idempotency-Key while the first attempt is still running (Retry-After present): wait and retry. */
export class StudioIdempotencyKeyInFlightError extends StudioIdempotencyKeyReusedError {
  override get retryable(): boolean {
    return true;
  }
}
export class StudioOrderNotCancellableError extends StudioRequestError {}
export class StudioQuoteAlreadyOrderedError extends StudioRequestError<{ orderId: string | null }> {}
export class StudioQuoteExpiredError extends StudioRequestError<{ expiresAt: string | null }> {}
export class StudioRateLimitError extends StudioRequestError {
  override get retryable(): boolean {
    return true;
  }
}
export class StudioInternalError extends StudioServerError {}

// --- Client-side errors (no envelope).
export type ConnectionFailure = "timeout" | "reset" | "refused" | "other";
/** Network failure, connection reset, or timeout: no (complete) answer was received. */
export class StudioConnectionError extends StudioError<{ kind: ConnectionFailure }> {
  override get retryable(): boolean {
    return true;
  }
}
/** The body could not be read as the documented envelope/resource. 5xx ones may be retried. */
export class StudioResponseError extends StudioError<{ issues: string[] }> {
  override get retryable(): boolean {
    return this.status !== null && this.status >= 500;
  }
}
/** The client was used wrongly (bad option, missing idempotency key...); nothing was sent. */
export class StudioUsageError extends StudioError {}
export type UploadFailure = "too_large" | "content_type_not_allowed" | "size_mismatch" | "storage_rejected" | "connection_failed";
export class StudioUploadError extends StudioError<{ reason: UploadFailure; sentBytes: number | null }> {
  get reason(): UploadFailure {
    return this.details.reason;
  }
}
export type SignatureFailure = "missing_header" | "malformed_header" | "timestamp_out_of_tolerance" | "no_matching_signature";
export class StudioSignatureError extends StudioError<{ reason: SignatureFailure }> {
  get reason(): SignatureFailure {
    return this.details.reason;
  }
}
export class StudioEventParseError extends StudioError<{ issues: string[] }> {}

// --- Details parsing, lenient: a malformed detail never hides the error itself.
function record(details: unknown): Record<string, unknown> {
  return details !== null && typeof details === "object" && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
}
const int = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

function shippingOptionsOf(details: unknown): ShippingOption[] {
  const list = record(details).shippingOptions;
  if (!Array.isArray(list)) return [];
  return list.flatMap((o) => {
    const parsed = ShippingOptionSchema.safeParse(o);
    return parsed.success ? [parsed.data] : [];
  });
}

/** VALIDATION_ERROR details: shape "not shown". Accepts strings, {path|field|pointer}, path arrays, nested lists or a map keyed by path. */
export function validationPathsOf(details: unknown, depth = 0): string[] {
  if (depth > 4 || details === null || details === undefined) return [];
  if (typeof details === "string") return [details];
  if (Array.isArray(details)) {
    if (details.length > 0 && details.every((p) => typeof p === "string" || typeof p === "number") && depth > 0) {
      return [details.join(".")];
    }
    return details.flatMap((entry) => validationPathsOf(entry, depth + 1));
  }
  if (typeof details !== "object") return [];
  const obj = details as Record<string, unknown>;
  for (const key of ["path", "field", "pointer", "loc"]) {
    const v = obj[key];
    if (typeof v === "string") return [v];
    if (Array.isArray(v)) return [v.map(String).join(".")];
  }
  for (const key of ["paths", "issues", "errors", "fields", "fieldErrors"]) {
    if (key in obj) return validationPathsOf(obj[key], depth + 1);
  }
  return Object.keys(obj);
}

type Factory = (init: StudioErrorInit) => StudioError;
const byCode: Record<string, Factory> = {
  ARTWORK_NOT_ALLOWED: (i) => new StudioArtworkNotAllowedError(i),
  ARTWORK_REQUIRED: (i) => new StudioArtworkRequiredError(i),
  IDEMPOTENCY_KEY_REQUIRED: (i) => new StudioIdempotencyKeyRequiredError(i),
  INVALID_QUANTITY: (i) => new StudioInvalidQuantityError(i),
  MAT_BELOW_MINIMUM: (i) => new StudioMatBelowMinimumError(i),
  PRODUCT_UNAVAILABLE: (i) => new StudioProductUnavailableError(i),
  PRODUCT_UNSUPPORTED: (i) => new StudioProductUnsupportedError(i),
  QUOTE_ENVIRONMENT_MISMATCH: (i) => new StudioQuoteEnvironmentMismatchError(i),
  SHIPPING_ADDRESS_INCOMPLETE: (i) => new StudioShippingAddressIncompleteError(i),
  SHIPPING_UNAVAILABLE: (i) => new StudioShippingUnavailableError({ ...i, details: { shippingOptions: shippingOptionsOf(i.details) } }),
  VALIDATION_ERROR: (i) => new StudioValidationError({ ...i, details: { paths: validationPathsOf(i.details), raw: i.details ?? null } }),
  UNAUTHORIZED: (i) => new StudioAuthenticationError(i),
  CREDIT_LIMIT_EXCEEDED: (i) => {
    const d = record(i.details);
    const details = { outstandingCents: int(d.outstandingCents), limitCents: int(d.limitCents), availableCents: int(d.availableCents), orderCents: int(d.orderCents) };
    return new StudioCreditLimitExceededError({ ...i, details });
  },
  FORBIDDEN: (i) => new StudioPermissionError(i),
  NOT_FOUND: (i) => new StudioNotFoundError(i),
  IDEMPOTENCY_KEY_REUSED: (i) => (i.retryAfter != null ? new StudioIdempotencyKeyInFlightError(i) : new StudioIdempotencyKeyReusedError(i)),
  ORDER_NOT_CANCELLABLE: (i) => new StudioOrderNotCancellableError(i),
  QUOTE_ALREADY_ORDERED: (i) => new StudioQuoteAlreadyOrderedError({ ...i, details: { orderId: str(record(i.details).orderId) } }),
  QUOTE_EXPIRED: (i) => new StudioQuoteExpiredError({ ...i, details: { expiresAt: str(record(i.details).expiresAt) } }),
  RATE_LIMITED: (i) => new StudioRateLimitError(i),
  INTERNAL_ERROR: (i) => new StudioInternalError(i),
};
export const STUDIO_ERROR_CODES = Object.freeze(Object.keys(byCode));

export interface ErrorResponse {
  status: number;
  /** The envelope's error object, already redacted; null when the body had none. */
  error: ErrorBody | null;
  retryAfter: number | null;
  method: string;
  path: string;
}

/** Maps a failed response to its typed error. Unknown codes: 4xx -> StudioRequestError, 5xx -> StudioServerError. */
export function studioErrorFromResponse(res: ErrorResponse): StudioError {
  const code = res.error?.code ?? `HTTP_${res.status}`;
  const message = res.error?.message || `Studio answered ${res.status} (${code}) to ${res.method} ${res.path}`;
  const init: StudioErrorInit = {
    code,
    status: res.status,
    message,
    details: res.error?.details,
    retryAfter: res.retryAfter,
    method: res.method,
    path: res.path,
  };
  if (Object.hasOwn(byCode, code)) return byCode[code](init);
  if (res.status === 429) return new StudioRateLimitError(init);
  return res.status >= 500 ? new StudioServerError(init) : new StudioRequestError(init);
}
