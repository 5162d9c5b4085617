// Shipping discovery (spec, POST /quotes rule 3): the studio lists usable methods in
// SHIPPING_UNAVAILABLE; the shop's policy picks one: the method mapped to the Shopify shipping line's
// title, else the cheapest or the fastest. Collection and "requires a quote" methods are never chosen.
import type { ShippingOption } from "~/studio";
import type { ShippingPolicy } from "~/models/shop-settings.server";

function days(estimate: string): number {
  const n = /\d+/.exec(estimate);
  return n ? Number(n[0]) : Number.POSITIVE_INFINITY;
}

export function mappedMethod(policy: ShippingPolicy, shopifyTitle: string | null): string | null {
  if (!shopifyTitle) return null;
  return policy.methods[shopifyTitle] ?? null;
}

export function chooseShippingOption(options: ShippingOption[], policy: ShippingPolicy, shopifyTitle: string | null): ShippingOption | null {
  const usable = options.filter((o) => !o.isCollection && !o.requiresQuote);
  const mapped = mappedMethod(policy, shopifyTitle);
  const byMapping = usable.find((o) => o.id === mapped);
  if (byMapping) return byMapping;
  const sorted = [...usable].sort((a, b) =>
    policy.fallback === "fastest" ? days(a.estimatedDelivery) - days(b.estimatedDelivery) || a.priceCents - b.priceCents : a.priceCents - b.priceCents || days(a.estimatedDelivery) - days(b.estimatedDelivery),
  );
  return sorted[0] ?? null;
}
