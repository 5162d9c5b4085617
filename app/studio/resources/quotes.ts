import { canonicalJson } from "../canonical-json";
import { studioCall, type StudioHttpContext } from "../http.server";
import { QuoteSchema, type Quote, type QuoteRequest } from "../schemas";
import { idSegment, type RequestOptions } from "./options";

export function quotesResource(ctx: StudioHttpContext) {
  return {
    /** POST /quotes: prices a basket. Without a usable shippingMethodId the studio answers SHIPPING_UNAVAILABLE with the options. */
    async create(body: QuoteRequest, opts: RequestOptions = {}): Promise<Quote> {
      const call = { method: "POST" as const, path: "/quotes", body: canonicalJson(body), schema: QuoteSchema, signal: opts.signal };
      return (await studioCall(ctx, call)).data;
    },
    /** GET /quotes/{id}: also returns an expired quote. */
    async get(quoteId: string, opts: RequestOptions = {}): Promise<Quote> {
      return (await studioCall(ctx, { method: "GET", path: `/quotes/${idSegment(quoteId)}`, schema: QuoteSchema, signal: opts.signal })).data;
    },
  };
}
