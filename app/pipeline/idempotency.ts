// The Idempotency-Key of POST /orders: a pure function of (shop, Shopify order, quote), so every
// worker that resumes a placement sends the same key (docs/decisions/022). The quote is single-use,
// so a new quote (after QUOTE_EXPIRED) rightly gets a new key.
import { createHash } from "node:crypto";

export function idempotencyKeyFor(shop: string, shopifyOrderGid: string, quoteId: string): string {
  const digest = createHash("sha256").update(`${shop}\n${shopifyOrderGid}\n${quoteId}`).digest("hex");
  return `ps1-${digest}`;
}
