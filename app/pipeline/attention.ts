// What the merchant sees when a print order needs them: a stable code, the studio's (or our) message,
// and what they can do about it. Unknown codes fall back on their status class.
import { StudioError } from "~/studio";

export interface Attention {
  code: string;
  message: string;
  action: string;
}

const FIX_MAPPING = "Fix the product mapping of this variant (Products), then press Retry.";

const ACTIONS: Record<string, string> = {
  ARTWORK_NOT_ALLOWED: "Press Retry: the artwork will be uploaded to the studio again.",
  ARTWORK_REQUIRED: "Check the artwork source of this variant's mapping (Products), then press Retry.",
  INVALID_QUANTITY: FIX_MAPPING,
  MAT_BELOW_MINIMUM: FIX_MAPPING,
  PRODUCT_UNAVAILABLE: "A material of this print is no longer available at the studio. " + FIX_MAPPING,
  PRODUCT_UNSUPPORTED: FIX_MAPPING,
  VALIDATION_ERROR: FIX_MAPPING,
  QUOTE_ENVIRONMENT_MISMATCH: "The studio key changed between live and test. Press Retry to price the order again with the current key.",
  SHIPPING_ADDRESS_INCOMPLETE: "Correct the shipping address on this page and re-quote.",
  SHIPPING_UNAVAILABLE: "Map this order's Shopify shipping method to a studio method in Settings, or correct the address, then press Retry.",
  UNAUTHORIZED: "The studio refused the API key. Paste a valid key in Settings, then press Retry.",
  FORBIDDEN: "The studio key lacks a permission (price:read, orders:read, orders:write). Ask the studio for a key with all three, save it in Settings, then press Retry.",
  NOT_FOUND: "The studio does not know this quote or order for the current key. Press Retry to price it again.",
  IDEMPOTENCY_KEY_REUSED: "The studio saw a different request under the same key. Press Retry; if it happens again, contact support with this order's id.",
  ORDER_NOT_CANCELLABLE: "The studio will finish and ship this order. Decide in Shopify whether to refund the customer.",
  CREDIT_LIMIT_EXCEEDED: "Pay an open studio invoice or ask the studio for a higher credit limit. The order is retried automatically; press Retry to try now.",
  QUOTE_EXPIRED: "Press Retry to price the order again.",
};

export function attentionForStudioError(error: StudioError): Attention {
  const action =
    ACTIONS[error.code] ??
    (error.status !== null && error.status >= 500
      ? "The studio had a problem. Press Retry later."
      : "Read the studio's message above, correct what it names, then press Retry.");
  return { code: error.code, message: error.message, action };
}

export function attention(code: string, message: string, action: string): Attention {
  return { code, message, action };
}

export function attentionFields(a: Attention | null) {
  return { attentionCode: a?.code ?? null, attentionMessage: a?.message ?? null, attentionAction: a?.action ?? null };
}
