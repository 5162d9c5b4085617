// In-memory state of the Shopify sandbox: shops with their products, orders, fulfillment orders,
// fulfilments, tokens and webhook deliveries. Ids are numeric like Shopify's and exposed as GIDs.

export interface MailingAddress {
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  zip: string | null;
  country: string | null;
  countryCode: string | null;
  phone: string | null;
}

export interface ProductOptionState { id: number; name: string; values: string[] }
export interface ProductImageState { id: number; url: string; altText: string | null }

export interface ProductState {
  id: number;
  title: string;
  handle: string;
  vendor: string;
  productType: string;
  status: "ACTIVE" | "DRAFT" | "ARCHIVED";
  descriptionHtml: string;
  options: ProductOptionState[];
  images: ProductImageState[];
  variantIds: number[];
  createdAt: string;
  updatedAt: string;
}

export interface VariantState {
  id: number;
  productId: number;
  title: string;
  sku: string | null;
  price: string;
  imageId: number | null;
  position: number;
  selectedOptions: Array<{ name: string; value: string }>;
  inventoryItemId: number;
  grams: number;
  /** The location that stocks and ships it; an order gets one fulfillment order per location. */
  locationId: number;
}

export interface LineItemState {
  id: number;
  variantId: number | null;
  productId: number | null;
  title: string;
  variantTitle: string | null;
  sku: string | null;
  vendor: string | null;
  quantity: number;
  price: string;
  grams: number;
  properties: Array<{ name: string; value: string }>;
}

export interface FulfillmentOrderLineItemState { id: number; lineItemId: number; totalQuantity: number; remainingQuantity: number }

export type FulfillmentOrderStatus = "OPEN" | "IN_PROGRESS" | "CLOSED" | "CANCELLED";

export interface FulfillmentOrderState {
  id: number;
  orderId: number;
  locationId: number;
  status: FulfillmentOrderStatus;
  lineItems: FulfillmentOrderLineItemState[];
  createdAt: string;
  updatedAt: string;
}

export interface TrackingInfoState { company: string | null; number: string | null; url: string | null }

export interface FulfillmentLineItemState { id: number; lineItemId: number; fulfillmentOrderId: number; fulfillmentOrderLineItemId: number; quantity: number }

export interface FulfillmentState {
  id: number;
  orderId: number;
  name: string;
  status: "SUCCESS" | "CANCELLED";
  locationId: number;
  trackingInfo: TrackingInfoState[];
  notifyCustomer: boolean;
  lineItems: FulfillmentLineItemState[];
  createdAt: string;
  updatedAt: string;
}

export interface ShippingLineState { id: number; title: string; code: string; price: string; source: string }

export interface CustomerState { id: number; email: string | null; phone: string | null; firstName: string | null; lastName: string | null; createdAt: string; addressId: number }

export interface OrderState {
  id: number;
  name: string;
  number: number;
  orderNumber: number;
  token: string;
  email: string | null;
  phone: string | null;
  createdAt: string;
  processedAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  closedAt: string | null;
  currency: string;
  financialStatus: "paid" | "voided" | "refunded";
  customerId: number | null;
  lineItems: LineItemState[];
  shippingAddress: MailingAddress | null;
  billingAddress: MailingAddress | null;
  shippingLines: ShippingLineState[];
  note: string | null;
  tags: string[];
  fulfillmentOrderIds: number[];
  fulfillmentIds: number[];
  test: boolean;
}

export interface OnlineToken { token: string; userId: number; expiresAt: number; scope: string }

export interface BucketState { maximumAvailable: number; restoreRate: number; currentlyAvailable: number; updatedAt: number }

export interface DeliveryRecord {
  topic: string;
  webhookId: string;
  eventId: string;
  url: string;
  status: number | null;
  responseStatus: number | null;
  error: string | null;
  time: string;
  durationMs: number;
}

export interface ShopState {
  id: number;
  domain: string;
  name: string;
  email: string;
  currencyCode: string;
  countryCode: string;
  appUrl: string;
  installed: boolean;
  scope: string;
  offlineToken: string;
  offlineTokenExpiresAt: number | null;
  refreshTokens: Map<string, number>;
  onlineTokens: Map<string, OnlineToken>;
  /** The primary location; `locations` holds it and any other named in products. */
  locationId: number;
  locations: Map<number, { id: number; name: string }>;
  products: Map<number, ProductState>;
  variants: Map<number, VariantState>;
  orders: Map<number, OrderState>;
  fulfillmentOrders: Map<number, FulfillmentOrderState>;
  fulfillments: Map<number, FulfillmentState>;
  customers: Map<number, CustomerState>;
  nextOrderNumber: number;
  events: Map<string, { eventId: string; triggeredAt: string }>;
  deliveries: DeliveryRecord[];
  bucket: BucketState;
  createdAt: string;
}

export const DEFAULT_BUCKET = { maximumAvailable: 2000, restoreRate: 100 } as const;

/** Ids grow from the start time in ms, so a restarted sandbox never reuses an id an app has stored. */
export class IdSource {
  private last = 0;
  next(): number {
    this.last = Math.max(this.last + 1, Date.now());
    return this.last;
  }
}

export class Store {
  readonly shops = new Map<string, ShopState>();
  readonly ids = new IdSource();

  reset(): void {
    this.shops.clear();
  }

  shop(domain: string): ShopState | undefined {
    return this.shops.get(normalizeShopDomain(domain));
  }

  /** The shop of an access token (offline or unexpired online), or undefined. */
  shopForToken(domain: string, token: string, now: number): ShopState | undefined {
    const shop = this.shop(domain);
    if (!shop || !shop.installed || !token) return undefined;
    if (token === shop.offlineToken && (shop.offlineTokenExpiresAt === null || shop.offlineTokenExpiresAt > now)) return shop;
    const online = shop.onlineTokens.get(token);
    return online && online.expiresAt > now ? shop : undefined;
  }
}

/** "demo-gallery" and "demo-gallery.myshopify.com" name the same shop. */
export function normalizeShopDomain(input: string): string {
  const s = input.trim().toLowerCase().replace(/^https?:\/\//, "").replace(/\/.*$/, "");
  return s.includes(".") ? s : `${s}.myshopify.com`;
}

export function isValidShopDomain(domain: string): boolean {
  return /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(domain);
}

export function gid(type: string, id: number | string): string {
  return `gid://shopify/${type}/${id}`;
}

/** Accepts a GID of the given type (or any type when omitted) or a bare numeric id. */
export function parseId(value: unknown, type?: string): number | null {
  if (typeof value === "number" && Number.isSafeInteger(value)) return value;
  if (typeof value !== "string") return null;
  const m = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)(?:\?.*)?$/.exec(value);
  if (m) return type && m[1] !== type ? null : Number(m[2]);
  return /^\d+$/.test(value) ? Number(value) : null;
}

export function gidType(value: string): string | null {
  const m = /^gid:\/\/shopify\/([A-Za-z]+)\/\d+/.exec(value);
  return m ? m[1] : null;
}

export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}
