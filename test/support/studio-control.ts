// Typed client for the studio simulator's /__studio control surface (see
// /work/shared/contracts/studio-simulator.md). Every method throws a clear Error on a non-2xx answer.

export type StudioEnvironment = "live" | "test";
export type StudioScope = "price:read" | "orders:read" | "orders:write";
export const ALL_STUDIO_SCOPES: StudioScope[] = ["price:read", "orders:read", "orders:write"];
export type StudioFaultKind = "500" | "429" | "timeout" | "reset" | "commit-then-500" | "commit-then-reset";

export interface StudioAccount {
  accountId: string;
  name: string;
  creditLimitCents: number | null;
  tradeDiscountPercent: number;
  suspended: boolean;
  apiAccess: boolean;
  outstandingCents: { live: number; test: number };
}

export interface StudioInvoice {
  invoiceId: string;
  orderId: string;
  accountId: string;
  environment: StudioEnvironment;
  amountCents: number;
  paidCents: number;
  state: "open" | "void" | "paid";
}

export interface StudioOrderLine {
  externalReference: string | null;
  productSlug: string;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  imageUrl: string | null;
}

export interface StudioShipment {
  carrier: string | null;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: string | null;
}

export interface StudioOrder {
  orderId: string;
  orderNumber: string;
  accountId: string;
  status: string;
  environment: StudioEnvironment;
  isTest: boolean;
  quoteId: string | null;
  idempotencyKey: string;
  lines: StudioOrderLine[];
  totalCents: number;
  shipments: StudioShipment[];
  invoice: StudioInvoice | null;
  printed: boolean;
  payments: { amountCents: number; at: string }[];
  specialInstructions: string | null;
  createdAt: string;
  [field: string]: unknown;
}

export interface StudioDeliveryAttempt {
  at: string;
  wallAt: string;
  status: number | null;
  error: string | null;
  manual: boolean;
}

export interface StudioDelivery {
  deliveryId: string;
  endpointId: string;
  eventId: string;
  type: string;
  orderId: string;
  state: "pending" | "delivered" | "failed";
  attempts: StudioDeliveryAttempt[];
  nextAttemptAt: string | null;
  createdAt: string;
  body: string;
}

export interface StudioEndpoint {
  endpointId: string;
  accountId: string;
  environment: StudioEnvironment;
  url: string;
  disabled: boolean;
  consecutiveFailures: number;
}

export interface StudioRequestEntry {
  at: string;
  wallAt: string;
  keyId: string;
  environment: StudioEnvironment;
  method: string;
  path: string;
  status: number | null;
  errorCode: string | null;
  fault: string | null;
}

export interface StudioFaultInput {
  method: string;
  path: string;
  kind: StudioFaultKind;
  count?: number;
  probability?: number;
  retryAfterSeconds?: number;
  delayMs?: number;
}

export class StudioControlError extends Error {
  constructor(readonly status: number, readonly code: string | null, message: string) {
    super(message);
    this.name = "StudioControlError";
  }
}

export class StudioControl {
  private readonly base: string;

  constructor(readonly origin: string) {
    this.base = `${origin.replace(/\/+$/, "")}/__studio`;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: { data?: T; error?: { code?: string; message?: string } | null } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // reported below
    }
    if (!res.ok) {
      const code = parsed.error?.code ?? null;
      throw new StudioControlError(res.status, code, `studio control ${method} ${path} failed: ${res.status} ${code ?? ""} ${parsed.error?.message ?? text}`.trim());
    }
    return parsed.data as T;
  }

  reset(): Promise<{ reset: true }> {
    return this.call("POST", "/reset");
  }

  createAccount(input: { name?: string; creditLimitCents?: number | null; tradeDiscountPercent?: number } = {}): Promise<StudioAccount> {
    return this.call("POST", "/accounts", input);
  }

  account(accountId: string): Promise<StudioAccount> {
    return this.call("GET", `/accounts/${encodeURIComponent(accountId)}`);
  }

  patchAccount(accountId: string, patch: { suspended?: boolean; apiAccess?: boolean; creditLimitCents?: number | null; tradeDiscountPercent?: number; name?: string }): Promise<StudioAccount> {
    return this.call("PATCH", `/accounts/${encodeURIComponent(accountId)}`, patch);
  }

  createKey(accountId: string, input: { environment: StudioEnvironment; scopes: StudioScope[]; expiresInSeconds?: number }): Promise<{ keyId: string; key: string; environment: StudioEnvironment; scopes: StudioScope[]; expiresAt: string | null }> {
    return this.call("POST", `/accounts/${encodeURIComponent(accountId)}/keys`, input);
  }

  revokeKey(keyId: string): Promise<{ keyId: string; revoked: true }> {
    return this.call("POST", `/keys/${encodeURIComponent(keyId)}/revoke`);
  }

  createWebhookEndpoint(accountId: string, input: { url: string; environment: StudioEnvironment }): Promise<{ endpointId: string; secret: string; url: string; environment: StudioEnvironment }> {
    return this.call("POST", `/accounts/${encodeURIComponent(accountId)}/webhook-endpoints`, input);
  }

  webhookEndpoints(accountId?: string): Promise<StudioEndpoint[]> {
    return this.call("GET", `/webhook-endpoints${accountId ? `?accountId=${encodeURIComponent(accountId)}` : ""}`);
  }

  enableEndpoint(endpointId: string): Promise<StudioEndpoint> {
    return this.call("POST", `/webhook-endpoints/${encodeURIComponent(endpointId)}/enable`);
  }

  webhookDeliveries(endpointId?: string): Promise<StudioDelivery[]> {
    return this.call("GET", `/webhook-deliveries${endpointId ? `?endpointId=${encodeURIComponent(endpointId)}` : ""}`);
  }

  resendDelivery(deliveryId: string): Promise<StudioDelivery> {
    return this.call("POST", `/webhook-deliveries/${encodeURIComponent(deliveryId)}/resend`);
  }

  orders(accountId: string): Promise<StudioOrder[]> {
    return this.call("GET", `/orders?accountId=${encodeURIComponent(accountId)}`);
  }

  order(orderId: string): Promise<StudioOrder> {
    return this.call("GET", `/orders/${encodeURIComponent(orderId)}`);
  }

  invoices(accountId: string): Promise<StudioInvoice[]> {
    return this.call("GET", `/accounts/${encodeURIComponent(accountId)}/invoices`);
  }

  setOrderStatus(orderId: string, status: "received" | "in_production" | "on_hold" | "completed"): Promise<StudioOrder> {
    return this.call("POST", `/orders/${encodeURIComponent(orderId)}/status`, { status });
  }

  addShipment(orderId: string, input: { carrier?: string | null; trackingNumber: string; trackingUrl?: string | null }): Promise<StudioOrder> {
    return this.call("POST", `/orders/${encodeURIComponent(orderId)}/shipments`, input);
  }

  /** Voids one parcel's label (an extension of the contract): voided labels are omitted from shipments. */
  voidShipment(orderId: string, trackingNumber: string): Promise<StudioOrder> {
    return this.call("POST", `/orders/${encodeURIComponent(orderId)}/shipments/${encodeURIComponent(trackingNumber)}/void`);
  }

  markPrinted(orderId: string): Promise<StudioOrder> {
    return this.call("POST", `/orders/${encodeURIComponent(orderId)}/printed`);
  }

  recordPayment(orderId: string, amountCents: number): Promise<StudioOrder> {
    return this.call("POST", `/orders/${encodeURIComponent(orderId)}/payments`, { amountCents });
  }

  cancelOrder(orderId: string): Promise<StudioOrder> {
    return this.call("POST", `/orders/${encodeURIComponent(orderId)}/cancel`);
  }

  withdraw(input: { section: string; id: string }): Promise<{ section: string; id: string; withdrawn: true }> {
    return this.call("POST", "/catalogue/withdraw", input);
  }

  requests(accountId: string, since?: string): Promise<StudioRequestEntry[]> {
    const query = new URLSearchParams({ accountId });
    if (since !== undefined) query.set("since", since);
    return this.call("GET", `/requests?${query.toString()}`);
  }

  async clock(): Promise<{ now: string }> {
    return this.call("GET", "/clock");
  }

  advanceClock(seconds: number): Promise<{ now: string }> {
    return this.call("POST", "/clock", { advanceSeconds: seconds });
  }

  addFault(input: StudioFaultInput): Promise<{ faultId: string }> {
    return this.call("POST", "/faults", input);
  }

  clearFaults(): Promise<{ cleared: true }> {
    return this.call("DELETE", "/faults");
  }

  removeFault(faultId: string): Promise<{ faultId: string; removed: true }> {
    return this.call("DELETE", `/faults/${encodeURIComponent(faultId)}`);
  }

  uploads(accountId?: string): Promise<Array<{ uploadId: string; accountId: string; key: string; url: string; filename: string; contentType: string; sizeBytes: number; completedAt: string | null }>> {
    return this.call("GET", `/uploads${accountId ? `?accountId=${encodeURIComponent(accountId)}` : ""}`);
  }
}

/** A fresh trade account with one key holding every scope. */
export async function setupStudioAccount(
  control: StudioControl,
  opts: { creditLimitCents?: number | null; environment?: StudioEnvironment; name?: string } = {},
): Promise<{ accountId: string; key: string; keyId: string }> {
  const { accountId } = await control.createAccount({ name: opts.name, creditLimitCents: opts.creditLimitCents ?? null });
  const { key, keyId } = await control.createKey(accountId, { environment: opts.environment ?? "test", scopes: ALL_STUDIO_SCOPES });
  return { accountId, key, keyId };
}
