// Which fulfillment order lines a fulfilment names: the print lines only, at most what remains;
// a line with nothing remaining was fulfilled by hand; a line in a held fulfillment order waits.
import { describe, expect, it } from "vitest";
import { printLinesToFulfil, trackingOf } from "~/pipeline/steps/tracking.server";
import type { ShopifyOrderFulfillment } from "~/shopify/fulfillment.server";

const li = (id: string, lineItem: string, remaining: number) => ({ id, remainingQuantity: remaining, totalQuantity: remaining, lineItem: { id: lineItem } });
function order(fos: Array<{ id: string; status: string; lines: ReturnType<typeof li>[] }>): ShopifyOrderFulfillment {
  return { id: "gid://shopify/Order/1", name: "#1", cancelledAt: null, displayFulfillmentStatus: "UNFULFILLED", fulfillments: [], fulfillmentOrders: { nodes: fos.map((f) => ({ id: f.id, status: f.status, lineItems: { nodes: f.lines } })) } };
}
const print = [
  { id: "p1", shopifyLineItemGid: "L1", quantity: 2 },
  { id: "p2", shopifyLineItemGid: "L2", quantity: 1 },
];

describe("print lines to fulfil", () => {
  it("GIVEN a mixed order THEN only the print lines are named, never the merchant's other line", () => {
    const r = printLinesToFulfil(order([{ id: "FO1", status: "OPEN", lines: [li("a", "L1", 2), li("b", "L2", 1), li("c", "OTHER", 5)] }]), print);
    expect(r.groups).toEqual([{ fulfillmentOrderId: "FO1", fulfillmentOrderLineItems: [{ id: "a", quantity: 2 }, { id: "b", quantity: 1 }] }]);
    expect(r.byHand).toEqual([]);
    expect(r.held).toEqual([]);
  });

  it("GIVEN a print line fulfilled by hand THEN it is left alone and reported", () => {
    const r = printLinesToFulfil(order([{ id: "FO1", status: "IN_PROGRESS", lines: [li("a", "L1", 0), li("b", "L2", 1)] }]), print);
    expect(r.groups).toEqual([{ fulfillmentOrderId: "FO1", fulfillmentOrderLineItems: [{ id: "b", quantity: 1 }] }]);
    expect(r.byHand.map((l) => l.id)).toEqual(["p1"]);
  });

  it("GIVEN a print line in a held fulfillment order THEN it waits instead of being called fulfilled by hand", () => {
    const r = printLinesToFulfil(order([{ id: "FO1", status: "OPEN", lines: [li("a", "L1", 2)] }, { id: "FO2", status: "ON_HOLD", lines: [li("b", "L2", 1)] }]), print);
    expect(r.held.map((l) => l.id)).toEqual(["p2"]);
    expect(r.byHand).toEqual([]);
  });

  it("GIVEN a print line split over two fulfillment orders THEN no more than its quantity is taken", () => {
    const r = printLinesToFulfil(order([{ id: "FO1", status: "OPEN", lines: [li("a", "L1", 1)] }, { id: "FO2", status: "OPEN", lines: [li("a2", "L1", 5), li("b", "L2", 1)] }]), print);
    expect(r.groups).toEqual([
      { fulfillmentOrderId: "FO1", fulfillmentOrderLineItems: [{ id: "a", quantity: 1 }] },
      { fulfillmentOrderId: "FO2", fulfillmentOrderLineItems: [{ id: "a2", quantity: 1 }, { id: "b", quantity: 1 }] },
    ]);
  });

  it("tracking carries every parcel's number and URL and the first named carrier", () => {
    expect(trackingOf([{ carrier: "DHL", trackingNumber: "1", trackingUrl: "https://t/1" }, { carrier: "DHL", trackingNumber: "2", trackingUrl: "https://t/2" }])).toEqual({ company: "DHL", numbers: ["1", "2"], urls: ["https://t/1", "https://t/2"] });
  });

  it("GIVEN a parcel without a URL THEN no URLs are sent (Shopify pairs them with the numbers by position)", () => {
    expect(trackingOf([{ carrier: null, trackingNumber: "1", trackingUrl: null }, { carrier: "DHL", trackingNumber: "2", trackingUrl: "https://t/2" }])).toEqual({ company: "DHL", numbers: ["1", "2"], urls: [] });
  });
});
