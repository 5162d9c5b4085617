// The simulator's whole in-memory state. One State per simulator instance; reset() forgets it all.
import type { LineConfig } from "./line-rules";

export type Environment = "live" | "test";
export const SCOPES = ["price:read", "orders:read", "orders:write"] as const;
export type Scope = (typeof SCOPES)[number];
export type OrderStatus = "received" | "in_production" | "on_hold" | "shipped" | "completed" | "cancelled";

export interface Account {
  accountId: string;
  name: string;
  creditLimitCents: number | null;
  tradeDiscountPercent: number;
  suspended: boolean;
  apiAccess: boolean;
  createdAt: number;
}

export interface ApiKey {
  keyId: string;
  accountId: string;
  environment: Environment;
  scopes: Scope[];
  key: string;
  revoked: boolean;
  expiresAt: number | null;
  createdAt: number;
}

export interface PricedLine {
  externalReference: string | null;
  productSlug: string;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
}

export interface ShippingAddress {
  name: string;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string | null;
  email: string;
}

export interface StoredQuote {
  quoteId: string;
  accountId: string;
  environment: Environment;
  createdAt: number;
  expiresAt: number;
  consumedAt: number | null;
  orderId: string | null;
  lines: PricedLine[];
  configs: LineConfig[];
  imageUrls: (string | null)[];
  shippingAddress: ShippingAddress;
  subtotalCents: number;
  shippingCents: number;
  shippingMethod: string | null;
  shippingMethodName: string | null;
  discountCents: number;
  discountReason: string | null;
  discountLabel: string | null;
  rushTier: "standard" | "express" | "critical";
  rushFeeCents: number;
  minimumTopUpCents: number;
  promisedReadyDate: string | null;
  totalCents: number;
  gstCents: number;
  whiteLabel: boolean;
}

export interface Shipment {
  shipmentId: string;
  carrier: string | null;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: number | null;
  voided: boolean;
}

export interface Payment {
  amountCents: number;
  at: number;
}

export interface StoredOrder {
  orderId: string;
  orderNumber: string;
  seq: number;
  accountId: string;
  environment: Environment;
  status: OrderStatus;
  quote: StoredQuote;
  specialInstructions: string | null;
  idempotencyKey: string;
  shipments: Shipment[];
  printed: boolean;
  printedAt: number | null;
  payments: Payment[];
  invoiceId: string;
  createdAt: number;
  updatedAt: number;
}

export interface Invoice {
  invoiceId: string;
  orderId: string;
  accountId: string;
  environment: Environment;
  amountCents: number;
  voided: boolean;
  createdAt: number;
}

export interface Upload {
  uploadId: string;
  accountId: string;
  environment: Environment;
  key: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
  url: string;
  expiresAt: number;
  storedPath: string | null;
  completedAt: number | null;
}

export interface RequestLogEntry {
  accountId: string;
  at: string;
  atMs: number;
  wallAt: string;
  keyId: string;
  environment: Environment;
  method: string;
  path: string;
  status: number | null;
  errorCode: string | null;
  fault: string | null;
}

export class State {
  accounts = new Map<string, Account>();
  keys = new Map<string, ApiKey>();
  keysBySecret = new Map<string, ApiKey>();
  quotes = new Map<string, StoredQuote>();
  orders = new Map<string, StoredOrder>();
  invoices = new Map<string, Invoice>();
  uploads = new Map<string, Upload>();
  uploadsByUrl = new Map<string, Upload>();
  requestLog: RequestLogEntry[] = [];
  withdrawn = new Set<string>();
  orderSeq = 0;
  orderNumberNext = 100_001;

  reset(): void {
    this.accounts.clear();
    this.keys.clear();
    this.keysBySecret.clear();
    this.quotes.clear();
    this.orders.clear();
    this.invoices.clear();
    this.uploads.clear();
    this.uploadsByUrl.clear();
    this.requestLog = [];
    this.withdrawn.clear();
    this.orderSeq = 0;
    this.orderNumberNext = 100_001;
  }

  invoicePaidCents(invoice: Invoice): number {
    const order = this.orders.get(invoice.orderId);
    return order ? order.payments.reduce((sum, p) => sum + p.amountCents, 0) : 0;
  }

  invoiceState(invoice: Invoice): "open" | "void" | "paid" {
    if (invoice.voided) return "void";
    return this.invoicePaidCents(invoice) >= invoice.amountCents ? "paid" : "open";
  }

  /** Sum of unpaid invoice balances of one account in one environment (test invoices are simulated). */
  outstandingCents(accountId: string, environment: Environment): number {
    let total = 0;
    for (const invoice of this.invoices.values()) {
      if (invoice.accountId !== accountId || invoice.environment !== environment || invoice.voided) continue;
      total += Math.max(0, invoice.amountCents - this.invoicePaidCents(invoice));
    }
    return total;
  }
}
