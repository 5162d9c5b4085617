// Every Admin GraphQL document the app sends, tagged #graphql and validated against the real
// 2026-10 schema in test/pipeline/shopify-documents.test.ts. Result types are written beside them.
// Cost: order(1) + 5 fulfillment orders x (1 + 50 line items x 2) + 10 fulfilments x (1 + 10)
// stays under Shopify's 1000-point single-query cap (the sandbox enforces it too).

export const ORDER_FULFILLMENT_STATE = `#graphql
  query PrintOrderFulfillmentState($id: ID!) {
    order(id: $id) {
      id
      name
      cancelledAt
      displayFulfillmentStatus
      fulfillmentOrders(first: 5) {
        nodes {
          id
          status
          lineItems(first: 50) {
            nodes {
              id
              remainingQuantity
              totalQuantity
              lineItem {
                id
              }
            }
          }
        }
      }
      fulfillments(first: 10) {
        id
        status
        trackingInfo(first: 10) {
          company
          number
          url
        }
      }
    }
  }
`;

export interface OrderFulfillmentState {
  order: {
    id: string;
    name: string;
    cancelledAt: string | null;
    displayFulfillmentStatus: string;
    fulfillmentOrders: {
      nodes: Array<{
        id: string;
        status: string;
        lineItems: { nodes: Array<{ id: string; remainingQuantity: number; totalQuantity: number; lineItem: { id: string } }> };
      }>;
    };
    fulfillments: Array<{ id: string; status: string; trackingInfo: Array<{ company: string | null; number: string | null; url: string | null }> }>;
  } | null;
}

export const FULFILLMENT_CREATE = `#graphql
  mutation PrintFulfillmentCreate($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment {
        id
        status
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export interface FulfillmentCreateResult {
  fulfillmentCreate: {
    fulfillment: { id: string; status: string } | null;
    userErrors: Array<{ field: string[] | null; message: string }>;
  } | null;
}

export const FULFILLMENT_TRACKING_UPDATE = `#graphql
  mutation PrintFulfillmentTrackingUpdate($fulfillmentId: ID!, $trackingInfoInput: FulfillmentTrackingInput!, $notifyCustomer: Boolean) {
    fulfillmentTrackingInfoUpdate(fulfillmentId: $fulfillmentId, trackingInfoInput: $trackingInfoInput, notifyCustomer: $notifyCustomer) {
      fulfillment {
        id
        status
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export interface FulfillmentTrackingUpdateResult {
  fulfillmentTrackingInfoUpdate: {
    fulfillment: { id: string; status: string } | null;
    userErrors: Array<{ field: string[] | null; message: string }>;
  } | null;
}

export const VARIANT_ARTWORK = `#graphql
  query PrintVariantArtwork($id: ID!) {
    productVariant(id: $id) {
      id
      image {
        url
      }
      product {
        featuredMedia {
          preview {
            image {
              url
            }
          }
        }
      }
    }
  }
`;

export interface VariantArtworkResult {
  productVariant: {
    id: string;
    image: { url: string } | null;
    product: { featuredMedia: { preview: { image: { url: string } | null } | null } | null };
  } | null;
}

export const ALL_DOCUMENTS = { ORDER_FULFILLMENT_STATE, FULFILLMENT_CREATE, FULFILLMENT_TRACKING_UPDATE, VARIANT_ARTWORK };
