// Order, fulfillment order, fulfillmentCreate and fulfillmentTrackingInfoUpdate operations.
import type { AdminClient } from "./admin-graphql.server";
import {
  FULFILLMENT_CREATE,
  FULFILLMENT_TRACKING_UPDATE,
  ORDER_FULFILLMENT_STATE,
  VARIANT_ARTWORK,
  type FulfillmentCreateResult,
  type FulfillmentTrackingUpdateResult,
  type OrderFulfillmentState,
  type VariantArtworkResult,
} from "./documents";
import { ShopifyUserError, throwIfUserErrors } from "./errors";

export type ShopifyOrderFulfillment = NonNullable<OrderFulfillmentState["order"]>;

export interface TrackingInput {
  company: string | null;
  numbers: string[];
  urls: string[];
}

export interface FulfillmentLines {
  fulfillmentOrderId: string;
  fulfillmentOrderLineItems: Array<{ id: string; quantity: number }>;
}

export async function readOrderFulfillment(client: AdminClient, orderGid: string): Promise<ShopifyOrderFulfillment | null> {
  const data = await client.request<OrderFulfillmentState>("PrintOrderFulfillmentState", ORDER_FULFILLMENT_STATE, { id: orderGid });
  return data.order;
}

function trackingInfo(t: TrackingInput): Record<string, unknown> {
  return { ...(t.company ? { company: t.company } : {}), numbers: t.numbers, ...(t.urls.length > 0 ? { urls: t.urls } : {}) };
}

export async function createFulfillment(client: AdminClient, lines: FulfillmentLines[], tracking: TrackingInput, notifyCustomer: boolean): Promise<string> {
  const data = await client.request<FulfillmentCreateResult>("PrintFulfillmentCreate", FULFILLMENT_CREATE, {
    fulfillment: { lineItemsByFulfillmentOrder: lines, trackingInfo: trackingInfo(tracking), notifyCustomer },
  });
  throwIfUserErrors("fulfillmentCreate", data.fulfillmentCreate);
  const id = data.fulfillmentCreate?.fulfillment?.id;
  if (!id) throw new ShopifyUserError("fulfillmentCreate", [{ field: null, message: "no fulfillment was returned" }]);
  return id;
}

export async function updateFulfillmentTracking(client: AdminClient, fulfillmentGid: string, tracking: TrackingInput, notifyCustomer: boolean): Promise<void> {
  const data = await client.request<FulfillmentTrackingUpdateResult>("PrintFulfillmentTrackingUpdate", FULFILLMENT_TRACKING_UPDATE, {
    fulfillmentId: fulfillmentGid,
    trackingInfoInput: trackingInfo(tracking),
    notifyCustomer,
  });
  throwIfUserErrors("fulfillmentTrackingInfoUpdate", data.fulfillmentTrackingInfoUpdate);
}

/** The variant's own image, else the product's featured image; null when it has none. */
export async function variantImageUrl(client: AdminClient, variantGid: string): Promise<string | null> {
  const data = await client.request<VariantArtworkResult>("PrintVariantArtwork", VARIANT_ARTWORK, { id: variantGid });
  const v = data.productVariant;
  return v?.image?.url ?? v?.product.featuredMedia?.preview?.image?.url ?? null;
}
