// Typed errors of the Admin GraphQL client. userErrors are the merchant-visible refusals of a
// mutation; the others are transport, authentication and document faults.

export interface ShopifyUserErrorItem {
  field: string[] | null;
  message: string;
  code?: string | null;
}

export class ShopifyAdminError extends Error {
  constructor(message: string, readonly retryable: boolean) {
    super(message);
    this.name = new.target.name;
  }
}

/** No offline session for the shop, or Shopify answered 401/403: the app is not (or no longer) installed. */
export class ShopifyAuthError extends ShopifyAdminError {
  constructor(message: string) {
    super(message, false);
  }
}

/** 5xx, 429, THROTTLED past the wait budget, or a connection fault: try again later. */
export class ShopifyUnavailableError extends ShopifyAdminError {
  constructor(message: string, readonly retryAfterMs: number | null = null) {
    super(message, true);
  }
}

/** The document or its variables were refused (top-level `errors`): a bug, not a transient fault. */
export class ShopifyGraphqlError extends ShopifyAdminError {
  constructor(readonly operation: string, readonly errors: Array<{ message: string; code: string | null }>) {
    super(`Shopify refused ${operation}: ${errors.map((e) => e.message).join("; ")}`, false);
  }
}

/** A mutation answered with userErrors. */
export class ShopifyUserError extends ShopifyAdminError {
  constructor(readonly operation: string, readonly userErrors: ShopifyUserErrorItem[]) {
    super(`Shopify ${operation}: ${userErrors.map((e) => (e.field?.length ? `${e.field.join(".")}: ${e.message}` : e.message)).join("; ")}`, false);
  }
}

export function throwIfUserErrors(operation: string, payload: { userErrors: ShopifyUserErrorItem[] } | null | undefined): void {
  if (payload && payload.userErrors.length > 0) throw new ShopifyUserError(operation, payload.userErrors);
}
