// Every error code of the spec's table, produced for real by the simulator and mapped by the
// client's one error factory to its typed error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  StudioArtworkNotAllowedError,
  StudioArtworkRequiredError,
  StudioAuthenticationError,
  StudioCreditLimitExceededError,
  StudioError,
  StudioIdempotencyKeyRequiredError,
  StudioIdempotencyKeyReusedError,
  StudioIdempotencyKeyInFlightError,
  StudioInternalError,
  StudioInvalidQuantityError,
  StudioMatBelowMinimumError,
  StudioNotFoundError,
  StudioOrderNotCancellableError,
  StudioPermissionError,
  StudioProductUnavailableError,
  StudioProductUnsupportedError,
  StudioQuoteAlreadyOrderedError,
  StudioQuoteEnvironmentMismatchError,
  StudioQuoteExpiredError,
  StudioRateLimitError,
  StudioShippingAddressIncompleteError,
  StudioShippingUnavailableError,
  StudioValidationError,
  type Pacer,
  type QuoteRequest,
} from "../../app/studio";
import { address, extraKey, fineArtRequest, heldQuote, rejection, startWorld, uploadArtwork, withShipping, type World } from "./world";

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(async () => {
  await world.close();
});

const noRetry = { retry: { maxAttempts: 1 } };
/** A pacer that never waits: lets a test spend a bucket to see the studio's own 429. */
const unpaced: Pacer = { acquire: async () => undefined, penalize: () => undefined };

function expectTyped<E extends StudioError>(error: unknown, cls: abstract new (...args: never[]) => E, code: string, status: number): asserts error is E {
  expect(error).toBeInstanceOf(cls);
  expect(error).toMatchObject({ code, status });
  expect((error as StudioError).message.length).toBeGreaterThan(0);
}

async function quoteError(mutate: (req: QuoteRequest, ctx: { mediaIds: string[]; canvasIds: string[] }) => QuoteRequest): Promise<unknown> {
  const { client } = await world.account();
  const catalogue = await client.catalogue.get();
  const base = await withShipping(client, await fineArtRequest(client, await uploadArtwork(client)));
  return rejection(client.quotes.create(mutate(base, { mediaIds: catalogue.media.map((m) => m.id), canvasIds: catalogue.canvasMedia.map((m) => m.id) })));
}
const line = (req: QuoteRequest, patch: Partial<QuoteRequest["items"][number]>): QuoteRequest => ({ ...req, items: [{ ...req.items[0], ...patch }] });

describe("the spec's 400 codes", () => {
  it("ARTWORK_NOT_ALLOWED: GIVEN another account's upload url WHEN quoting THEN StudioArtworkNotAllowedError", async () => {
    const owner = await world.account();
    const url = await uploadArtwork(owner.client);
    const { client } = await world.account();
    const own = await withShipping(client, await fineArtRequest(client, await uploadArtwork(client)));
    const error = await rejection(client.quotes.create(line(own, { imageUrl: url })));
    expectTyped(error, StudioArtworkNotAllowedError, "ARTWORK_NOT_ALLOWED", 400);
  });

  it("ARTWORK_REQUIRED: GIVEN a print line without imageUrl WHEN quoting THEN the error names the line", async () => {
    const error = await quoteError((req) => line(req, { imageUrl: null }));
    expectTyped(error, StudioArtworkRequiredError, "ARTWORK_REQUIRED", 400);
  });

  it("IDEMPOTENCY_KEY_REQUIRED: GIVEN POST /orders without the header (raw request) WHEN sent THEN StudioIdempotencyKeyRequiredError", async () => {
    const { client } = await world.account();
    const quote = await heldQuote(client);
    const error = await rejection(client.rawRequest("POST", "/orders", { body: { quoteId: quote.quoteId } }));
    expectTyped(error, StudioIdempotencyKeyRequiredError, "IDEMPOTENCY_KEY_REQUIRED", 400);
  });

  it("INVALID_QUANTITY: GIVEN quantity 991 WHEN quoting THEN StudioInvalidQuantityError", async () => {
    expectTyped(await quoteError((req) => line(req, { quantity: 991 })), StudioInvalidQuantityError, "INVALID_QUANTITY", 400);
  });

  it("MAT_BELOW_MINIMUM: GIVEN a 1 mm mat WHEN quoting print-and-mat THEN StudioMatBelowMinimumError", async () => {
    const { client } = await world.account();
    const catalogue = await client.catalogue.get();
    const base = await withShipping(client, await fineArtRequest(client, await uploadArtwork(client)));
    const variantSelections = { artworkWidthMm: "200", artworkHeightMm: "300", mediaId: catalogue.media[0].id, matColorId: catalogue.matboards[0].id, matSizeMm: "1" };
    const error = await rejection(client.quotes.create(line(base, { productSlug: "print-and-mat", variantSelections })));
    expectTyped(error, StudioMatBelowMinimumError, "MAT_BELOW_MINIMUM", 400);
  });

  it("PRODUCT_UNAVAILABLE: GIVEN a paper id on a canvas line WHEN quoting THEN StudioProductUnavailableError", async () => {
    const error = await quoteError((req, { mediaIds }) =>
      line(req, { productSlug: "canvas-printing", variantSelections: { artworkWidthMm: "300", artworkHeightMm: "400", mediaId: mediaIds[0], format: "print-only" } }),
    );
    expectTyped(error, StudioProductUnavailableError, "PRODUCT_UNAVAILABLE", 400);
  });

  it("PRODUCT_UNSUPPORTED: GIVEN gift-card WHEN quoting THEN StudioProductUnsupportedError whose message says why", async () => {
    const error = await quoteError((req) => line(req, { productSlug: "gift-card" }));
    expectTyped(error, StudioProductUnsupportedError, "PRODUCT_UNSUPPORTED", 400);
  });

  it("QUOTE_ENVIRONMENT_MISMATCH: GIVEN a test quote WHEN ordered with a live key of the same account THEN StudioQuoteEnvironmentMismatchError", async () => {
    const { client, accountId } = await world.account();
    const quote = await heldQuote(client);
    const live = await extraKey(world, accountId, "live");
    expect(live.client.environment).toBe("live");
    const error = await rejection(live.client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: `env-${quote.quoteId}` }));
    expectTyped(error, StudioQuoteEnvironmentMismatchError, "QUOTE_ENVIRONMENT_MISMATCH", 400);
  });

  it("SHIPPING_ADDRESS_INCOMPLETE: GIVEN a country name instead of ISO-2 WHEN quoting THEN StudioShippingAddressIncompleteError", async () => {
    const error = await quoteError((req) => ({ ...req, shippingAddress: address({ country: "Australia" }) }));
    expectTyped(error, StudioShippingAddressIncompleteError, "SHIPPING_ADDRESS_INCOMPLETE", 400);
  });

  it("SHIPPING_UNAVAILABLE: GIVEN no shippingMethodId or an unknown one WHEN quoting THEN typed shipping options with prices", async () => {
    for (const shippingMethodId of [undefined, "teleport"]) {
      const error = await quoteError((req) => ({ ...req, shippingMethodId }));
      expectTyped(error, StudioShippingUnavailableError, "SHIPPING_UNAVAILABLE", 400);
      expect(error.details.shippingOptions.length).toBeGreaterThan(0);
      for (const option of error.details.shippingOptions) expect(Number.isInteger(option.priceCents)).toBe(true);
    }
  });

  it("VALIDATION_ERROR: GIVEN an empty items list and no address WHEN quoting THEN details list the offending paths", async () => {
    const error = await quoteError((req) => ({ items: [], shippingMethodId: req.shippingMethodId }) as unknown as QuoteRequest);
    expectTyped(error, StudioValidationError, "VALIDATION_ERROR", 400);
    expect(error.details.paths.some((p) => p.startsWith("items"))).toBe(true);
    expect(error.details.paths.some((p) => p.startsWith("shippingAddress"))).toBe(true);
  });
});

describe("the spec's 401-409 codes", () => {
  it("UNAUTHORIZED: GIVEN an unknown or a revoked key WHEN calling THEN the same bare StudioAuthenticationError", async () => {
    const unknown = world.clientFor(`psk_test_${"0".repeat(64)}`, noRetry);
    expectTyped(await rejection(unknown.catalogue.get()), StudioAuthenticationError, "UNAUTHORIZED", 401);
    const { client, keyId } = await world.account();
    await client.catalogue.get();
    await world.control.revokeKey(keyId);
    expectTyped(await rejection(client.catalogue.get()), StudioAuthenticationError, "UNAUTHORIZED", 401);
  });

  it("CREDIT_LIMIT_EXCEEDED: GIVEN a 1-cent limit WHEN ordering THEN 402 with integer details, nothing written, quote unspent", async () => {
    const { client, accountId } = await world.account({ creditLimitCents: 1 });
    const quote = await heldQuote(client);
    const error = await rejection(client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: `credit-${quote.quoteId}` }));
    expectTyped(error, StudioCreditLimitExceededError, "CREDIT_LIMIT_EXCEEDED", 402);
    expect(error.details).toMatchObject({ limitCents: 1, orderCents: quote.totalCents });
    expect(Number.isInteger(error.details.outstandingCents)).toBe(true);
    expect(Number.isInteger(error.details.availableCents)).toBe(true);
    expect((await client.quotes.get(quote.quoteId)).consumedAt).toBeNull();
    expect(await world.control.orders(accountId)).toEqual([]);
    expect(await world.control.invoices(accountId)).toEqual([]);
  });

  it("FORBIDDEN: GIVEN a price:read-only key WHEN listing orders THEN StudioPermissionError", async () => {
    const { accountId } = await world.account();
    const readOnly = await extraKey(world, accountId, "test", ["price:read"], noRetry);
    await readOnly.client.catalogue.get();
    const error = await rejection(readOnly.client.orders.listPage());
    expectTyped(error, StudioPermissionError, "FORBIDDEN", 403);
  });

  it("NOT_FOUND: GIVEN unknown and malformed ids WHEN read THEN StudioNotFoundError", async () => {
    const { client } = await world.account();
    for (const id of ["ord_000000000000000000000000", "../../etc", "%%"]) {
      expectTyped(await rejection(client.orders.get(id)), StudioNotFoundError, "NOT_FOUND", 404);
    }
    expectTyped(await rejection(client.quotes.get("qt_nope")), StudioNotFoundError, "NOT_FOUND", 404);
  });

  it("IDEMPOTENCY_KEY_REUSED: GIVEN a key used for one quote WHEN reused for another THEN the non-retryable StudioIdempotencyKeyReusedError", async () => {
    const { client } = await world.account();
    const imageUrl = await uploadArtwork(client);
    const [a, b] = [await heldQuote(client, imageUrl), await heldQuote(client, imageUrl)];
    await client.orders.create({ quoteId: a.quoteId }, { idempotencyKey: "shop-1-order-1" });
    const error = await rejection(client.orders.create({ quoteId: b.quoteId }, { idempotencyKey: "shop-1-order-1" }));
    expectTyped(error, StudioIdempotencyKeyReusedError, "IDEMPOTENCY_KEY_REUSED", 409);
    expect(error).not.toBeInstanceOf(StudioIdempotencyKeyInFlightError);
    expect(error.retryAfter).toBeNull();
  });

  it("ORDER_NOT_CANCELLABLE: GIVEN a printed order WHEN cancelled THEN StudioOrderNotCancellableError", async () => {
    const { client } = await world.account();
    const quote = await heldQuote(client);
    const order = await client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: `print-${quote.quoteId}` });
    await world.control.markPrinted(order.orderId);
    expectTyped(await rejection(client.orders.cancel(order.orderId)), StudioOrderNotCancellableError, "ORDER_NOT_CANCELLABLE", 409);
  });

  it("QUOTE_ALREADY_ORDERED: GIVEN an ordered quote WHEN ordered again under another key THEN details.orderId names the first order", async () => {
    const { client } = await world.account();
    const quote = await heldQuote(client);
    const order = await client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: "first" });
    const error = await rejection(client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: "second" }));
    expectTyped(error, StudioQuoteAlreadyOrderedError, "QUOTE_ALREADY_ORDERED", 409);
    expect(error.details.orderId).toBe(order.orderId);
  });

  it("QUOTE_EXPIRED: GIVEN a quote 24 h + 1 min old (simulated clock) WHEN ordered THEN details.expiresAt is the quote's", async () => {
    const { client } = await world.account();
    const quote = await heldQuote(client);
    await world.control.advanceClock(24 * 3600 + 60);
    const error = await rejection(client.orders.create({ quoteId: quote.quoteId }, { idempotencyKey: `late-${quote.quoteId}` }));
    expectTyped(error, StudioQuoteExpiredError, "QUOTE_EXPIRED", 409);
    expect(error.details.expiresAt).toBe(quote.expiresAt);
  });
});

describe("the spec's 429 and 500 codes", () => {
  it("RATE_LIMITED: GIVEN an unpaced client WHEN GET /orders/{id} exceeds 120 in a minute THEN the studio's own 429 with Retry-After", async () => {
    const { key } = await world.account();
    const client = world.clientFor(key, { pacer: unpaced, ...noRetry });
    const results = await Promise.allSettled(Array.from({ length: 121 }, () => client.orders.get("ord_missing")));
    const limited = results.flatMap((r) => (r.status === "rejected" && r.reason instanceof StudioRateLimitError ? [r.reason] : []));
    expect(limited).toHaveLength(1);
    expectTyped(limited[0], StudioRateLimitError, "RATE_LIMITED", 429);
    expect(limited[0].retryAfter).toBeGreaterThan(0);
    expect(results.filter((r) => r.status === "rejected" && r.reason instanceof StudioNotFoundError)).toHaveLength(120);
  });

  it("INTERNAL_ERROR: GIVEN a 500 fault WHEN reading with retries off THEN StudioInternalError (retryable)", async () => {
    const { key } = await world.account();
    const client = world.clientFor(key, noRetry);
    await world.control.addFault({ method: "GET", path: "/catalogue", kind: "500", count: 1 });
    const error = await rejection(client.catalogue.get());
    expectTyped(error, StudioInternalError, "INTERNAL_ERROR", 500);
    expect(error.retryable).toBe(true);
  });
});
