// Root Mutation fields the app uses: fulfillmentCreate and fulfillmentTrackingInfoUpdate (and their
// V2 names, which take the same input shape). Other mutations answer null/empty, changing nothing.
import { createFulfillment, updateTracking, type FulfillmentRequest } from "../fulfillments";
import { fulfillmentView, type GqlContext, type View } from "./views";

interface TrackingArgs { fulfillmentId: string; trackingInfoInput: FulfillmentRequest["trackingInfo"]; notifyCustomer?: boolean | null }

export function mutationRoot(ctx: GqlContext): View {
  const create = (a: { fulfillment: FulfillmentRequest }) => {
    const { fulfillment, userErrors } = createFulfillment(ctx.store, ctx.shop, a.fulfillment, ctx.now);
    return { fulfillment: fulfillment ? fulfillmentView(ctx, fulfillment) : null, userErrors };
  };
  const track = (a: TrackingArgs) => {
    const { fulfillment, userErrors } = updateTracking(ctx.shop, a.fulfillmentId, a.trackingInfoInput, a.notifyCustomer, ctx.now);
    return { fulfillment: fulfillment ? fulfillmentView(ctx, fulfillment) : null, userErrors };
  };
  return { fulfillmentCreate: create, fulfillmentCreateV2: create, fulfillmentTrackingInfoUpdate: track, fulfillmentTrackingInfoUpdateV2: track };
}
