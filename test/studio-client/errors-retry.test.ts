import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as studio from "../../app/studio";
import {
  STUDIO_ERROR_CODES,
  StudioConnectionError,
  StudioError,
  StudioRequestError,
  StudioServerError,
  backoffDelayMs,
  resolveRetryPolicy,
  retryDecision,
  studioErrorFromResponse,
  canonicalJson,
} from "../../app/studio";

const SPEC_TABLE: Array<[code: string, status: number, className: string]> = [
  ["ARTWORK_NOT_ALLOWED", 400, "StudioArtworkNotAllowedError"],
  ["ARTWORK_REQUIRED", 400, "StudioArtworkRequiredError"],
  ["IDEMPOTENCY_KEY_REQUIRED", 400, "StudioIdempotencyKeyRequiredError"],
  ["INVALID_QUANTITY", 400, "StudioInvalidQuantityError"],
  ["MAT_BELOW_MINIMUM", 400, "StudioMatBelowMinimumError"],
  ["PRODUCT_UNAVAILABLE", 400, "StudioProductUnavailableError"],
  ["PRODUCT_UNSUPPORTED", 400, "StudioProductUnsupportedError"],
  ["QUOTE_ENVIRONMENT_MISMATCH", 400, "StudioQuoteEnvironmentMismatchError"],
  ["SHIPPING_ADDRESS_INCOMPLETE", 400, "StudioShippingAddressIncompleteError"],
  ["SHIPPING_UNAVAILABLE", 400, "StudioShippingUnavailableError"],
  ["VALIDATION_ERROR", 400, "StudioValidationError"],
  ["UNAUTHORIZED", 401, "StudioAuthenticationError"],
  ["CREDIT_LIMIT_EXCEEDED", 402, "StudioCreditLimitExceededError"],
  ["FORBIDDEN", 403, "StudioPermissionError"],
  ["NOT_FOUND", 404, "StudioNotFoundError"],
  ["IDEMPOTENCY_KEY_REUSED", 409, "StudioIdempotencyKeyReusedError"],
  ["ORDER_NOT_CANCELLABLE", 409, "StudioOrderNotCancellableError"],
  ["QUOTE_ALREADY_ORDERED", 409, "StudioQuoteAlreadyOrderedError"],
  ["QUOTE_EXPIRED", 409, "StudioQuoteExpiredError"],
  ["RATE_LIMITED", 429, "StudioRateLimitError"],
  ["INTERNAL_ERROR", 500, "StudioInternalError"],
];

const make = (code: string, status: number, details?: unknown, retryAfter: number | null = null) =>
  studioErrorFromResponse({ status, error: { code, message: `m ${code}`, details }, retryAfter, method: "POST", path: "/orders" });

describe("error factory", () => {
  it("GIVEN each of the spec's 21 codes WHEN mapped THEN it gets its own class, status class and context", () => {
    expect([...STUDIO_ERROR_CODES].sort()).toEqual(SPEC_TABLE.map(([c]) => c).sort());
    for (const [code, status, className] of SPEC_TABLE) {
      const error = make(code, status);
      const cls = (studio as unknown as Record<string, new (...args: never[]) => unknown>)[className];
      expect(error, code).toBeInstanceOf(cls);
      expect(error.constructor.name).toBe(className);
      expect(error).toBeInstanceOf(status >= 500 ? StudioServerError : StudioRequestError);
      expect(error).toMatchObject({ code, status, message: `m ${code}`, method: "POST", path: "/orders", name: className });
    }
  });

  it("GIVEN unknown codes WHEN mapped THEN the status class decides (4xx request fault, 5xx retryable)", () => {
    const four = make("NEW_THING", 422);
    const five = make("NEW_OUTAGE", 503);
    expect(four.constructor).toBe(StudioRequestError);
    expect(four.retryable).toBe(false);
    expect(five.constructor).toBe(StudioServerError);
    expect(five.retryable).toBe(true);
    expect(make("constructor", 400).constructor).toBe(StudioRequestError);
  });

  it("GIVEN structured details WHEN mapped THEN they are typed per code and parsed leniently", () => {
    const option = { id: "std", name: "Standard", description: null, estimatedDelivery: "3-5 days", isCollection: false, priceCents: 1200, requiresQuote: false };
    expect(make("SHIPPING_UNAVAILABLE", 400, { shippingOptions: [option, { id: 5 }] }).details).toEqual({ shippingOptions: [option] });
    expect(make("SHIPPING_UNAVAILABLE", 400).details).toEqual({ shippingOptions: [] });
    expect(make("CREDIT_LIMIT_EXCEEDED", 402, { outstandingCents: 10, limitCents: 20, availableCents: 10, orderCents: 15 }).details).toEqual({
      outstandingCents: 10,
      limitCents: 20,
      availableCents: 10,
      orderCents: 15,
    });
    expect(make("CREDIT_LIMIT_EXCEEDED", 402, "oops").details).toEqual({ outstandingCents: null, limitCents: null, availableCents: null, orderCents: null });
    expect(make("QUOTE_ALREADY_ORDERED", 409, { orderId: "ord_7" }).details).toEqual({ orderId: "ord_7" });
    expect(make("QUOTE_EXPIRED", 409, { expiresAt: "2026-11-22T00:00:00Z" }).details).toEqual({ expiresAt: "2026-11-22T00:00:00Z" });
    const paths = (d: unknown) => (make("VALIDATION_ERROR", 400, d).details as { paths: string[] }).paths;
    expect(paths([{ path: "items.0.quantity", message: "x" }, { path: ["shippingAddress", "country"] }])).toEqual(["items.0.quantity", "shippingAddress.country"]);
    expect(paths({ paths: ["items"] })).toEqual(["items"]);
    expect(paths(["a.b", "c"])).toEqual(["a.b", "c"]);
    expect(paths({ issues: [{ field: "quoteId" }] })).toEqual(["quoteId"]);
    expect(paths({ "shippingAddress.email": "bad" })).toEqual(["shippingAddress.email"]);
    expect(paths(undefined)).toEqual([]);
  });

  it("GIVEN IDEMPOTENCY_KEY_REUSED WHEN Retry-After is present THEN it is the retryable in-flight error, else the non-retryable misuse", () => {
    expect(make("IDEMPOTENCY_KEY_REUSED", 409, undefined, 2)).toBeInstanceOf(studio.StudioIdempotencyKeyInFlightError);
    expect(make("IDEMPOTENCY_KEY_REUSED", 409, undefined, 2).retryable).toBe(true);
    const misuse = make("IDEMPOTENCY_KEY_REUSED", 409);
    expect(misuse).not.toBeInstanceOf(studio.StudioIdempotencyKeyInFlightError);
    expect(misuse.retryable).toBe(false);
  });
});

describe("retry policy", () => {
  const policy = resolveRetryPolicy({ maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1_000, random: () => 0.999 });
  const conn = new StudioConnectionError({ code: "CONNECTION_ERROR", status: null, message: "reset", details: { kind: "reset" } });

  it("GIVEN each error kind WHEN decided THEN connection/429/5xx/in-flight retry and other 4xx never do", () => {
    expect(retryDecision(conn, 1, policy)).toMatchObject({ retry: true, reason: "connection" });
    expect(retryDecision(make("RATE_LIMITED", 429, undefined, 3), 1, policy)).toEqual({ retry: true, delayMs: 3_000, reason: "rate_limited" });
    expect(retryDecision(make("IDEMPOTENCY_KEY_REUSED", 409, undefined, 1), 1, policy)).toEqual({ retry: true, delayMs: 1_000, reason: "in_flight" });
    expect(retryDecision(make("INTERNAL_ERROR", 500), 1, policy)).toMatchObject({ retry: true, reason: "server" });
    for (const [code, status] of SPEC_TABLE.filter(([, s]) => s < 500 && s !== 429)) {
      expect(retryDecision(make(code, status), 1, policy), code).toEqual({ retry: false });
    }
    expect(retryDecision(new Error("plain"), 1, policy)).toEqual({ retry: false });
  });

  it("GIVEN the last attempt or a Retry-After beyond the cap WHEN decided THEN no retry", () => {
    expect(retryDecision(conn, 4, policy)).toEqual({ retry: false });
    expect(retryDecision(make("RATE_LIMITED", 429, undefined, 3600), 1, policy)).toEqual({ retry: false });
  });

  it("GIVEN any attempt and random value WHEN backing off THEN the delay is within [0, min(cap, base*2^(n-1)))", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 100_000 }), (attempt, r, base, cap) => {
        const d = backoffDelayMs(attempt, { baseDelayMs: base, maxDelayMs: cap, random: () => r });
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(Math.max(1, Math.min(cap, base * 2 ** (attempt - 1))));
      }),
    );
  });

  it("GIVEN maxAttempts below 1 WHEN resolved THEN a clear RangeError", () => {
    expect(() => resolveRetryPolicy({ maxAttempts: 0 })).toThrow(/maxAttempts/);
  });
});

describe("canonicalJson", () => {
  it("GIVEN the same body with keys in another order and undefined members WHEN serialised THEN the bytes are equal", () => {
    expect(canonicalJson({ b: 1, a: { d: undefined, c: [1, { y: 2, x: 1 }] }, quoteId: "q" })).toBe(canonicalJson({ quoteId: "q", a: { c: [1, { x: 1, y: 2 }] }, b: 1 }));
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
  });

  it("GIVEN any JSON value WHEN canonicalised THEN it parses back to an equal value and is stable under key shuffling", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(JSON.parse(text))).toBe(text);
      }),
    );
  });
});

describe("StudioError", () => {
  it("GIVEN an error WHEN serialised THEN toJSON carries the context", () => {
    const e = make("QUOTE_EXPIRED", 409, { expiresAt: "x" });
    expect(e).toBeInstanceOf(StudioError);
    expect(JSON.parse(JSON.stringify(e))).toMatchObject({ code: "QUOTE_EXPIRED", status: 409, method: "POST", path: "/orders", details: { expiresAt: "x" } });
  });
});
