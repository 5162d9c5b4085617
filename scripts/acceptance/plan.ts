// What the harness will do to the demo, decided up front from a seed: the orders (kinds, lines,
// addresses), which of them are redelivered, which are cancelled and when, and how many parcels.
import type { AddressInput, OrderInput } from "./shopify-surface";

export type OrderKind = "single" | "multi" | "mixed" | "unmapped";
export type CancelWhen = "none" | "before-placement" | "after-placement" | "after-printed" | "after-shipped";
export type Redelivery = "none" | "early" | "late";

export interface PlannedOrder {
  index: number;
  kind: OrderKind;
  input: OrderInput;
  redeliver: Redelivery;
  cancel: CancelWhen;
  parcels: 1 | 2;
}

/** mulberry32: small, fast and the same on every machine for a seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Place = Omit<AddressInput, "firstName" | "lastName" | "phone">;
const PLACES: Place[] = [
  { address1: "12 Circular Quay West", city: "Sydney", provinceCode: "NSW", zip: "2000", countryCode: "AU" },
  { address1: "88 Flinders Lane", address2: "Level 3", city: "Melbourne", provinceCode: "VIC", zip: "3000", countryCode: "AU" },
  { address1: "41 Boundary Street", city: "West End", provinceCode: "QLD", zip: "4101", countryCode: "AU" },
  { address1: "7 Salamanca Place", city: "Hobart", provinceCode: "TAS", zip: "7000", countryCode: "AU" },
  { address1: "150 Queen Street", city: "Auckland", provinceCode: "AUK", zip: "1010", countryCode: "NZ" },
  { address1: "22 Cuba Street", city: "Wellington", provinceCode: "WGN", zip: "6011", countryCode: "NZ" },
  { address1: "221B Baker Street", city: "London", zip: "NW1 6XE", countryCode: "GB" },
  { address1: "14 Princess Street", address2: "Flat 2", city: "Manchester", zip: "M1 4JY", countryCode: "GB" },
  { address1: "350 Fifth Avenue", address2: "Suite 4100", city: "New York", provinceCode: "NY", zip: "10118", countryCode: "US" },
  { address1: "1005 W Burnside St", city: "Portland", provinceCode: "OR", zip: "97209", countryCode: "US" },
  { address1: "600 Congress Ave", city: "Austin", provinceCode: "TX", zip: "78701", countryCode: "US" },
];
const PHONE_PREFIX: Record<string, string> = { AU: "+61 2 9", NZ: "+64 9 3", GB: "+44 20 7", US: "+1 212 5" };
const FIRST = ["Ada", "Grace", "Katherine", "Hedy", "Margaret", "Alan", "Tim", "Barbara", "Linus", "Radia", "Edsger", "Frances", "Mary", "Niklaus"];
const LAST = ["Lovelace", "Hopper", "Johnson", "Lamarr", "Hamilton", "Turing", "Berners-Lee", "Liskov", "Torvalds", "Perlman", "Dijkstra", "Allen", "Jackson", "Wirth"];

export interface PlanOptions {
  orders: number;
  seed: number;
  mappedVariantIds: string[];
  unmappedVariantIds: string[];
  /** Destination countries to draw addresses from (default: all of AU, NZ, GB, US). */
  countries?: string[];
}

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)];
}

function distinct<T>(rnd: () => number, list: readonly T[], n: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]);
  return out;
}

function kindOf(rnd: () => number): OrderKind {
  const r = rnd();
  return r < 0.35 ? "single" : r < 0.65 ? "multi" : r < 0.9 ? "mixed" : "unmapped";
}

function lines(rnd: () => number, kind: OrderKind, mapped: string[], unmapped: string[]): OrderInput["lineItems"] {
  const qty = (max: number) => 1 + Math.floor(rnd() * max);
  switch (kind) {
    case "single":
      return [{ variantId: pick(rnd, mapped), quantity: rnd() < 0.8 ? 1 : 2 }];
    case "multi":
      return distinct(rnd, mapped, 2 + Math.floor(rnd() * 2)).map((variantId) => ({ variantId, quantity: qty(4) }));
    case "mixed":
      return [
        ...distinct(rnd, mapped, 1 + Math.floor(rnd() * 2)).map((variantId) => ({ variantId, quantity: qty(3) })),
        ...distinct(rnd, unmapped, 1 + Math.floor(rnd() * 2)).map((variantId) => ({ variantId, quantity: qty(2) })),
      ];
    case "unmapped":
      return distinct(rnd, unmapped, 1 + Math.floor(rnd() * 2)).map((variantId) => ({ variantId, quantity: qty(2) }));
  }
}

function customer(rnd: () => number, index: number, places: Place[]): { address: AddressInput; email: string } {
  const place = pick(rnd, places);
  const firstName = pick(rnd, FIRST);
  const lastName = pick(rnd, LAST);
  const phone = `${PHONE_PREFIX[place.countryCode]}${String(100_000 + Math.floor(rnd() * 899_999)).slice(0, 6)}`;
  const email = `${firstName}.${lastName}+${index}@example.com`.toLowerCase().replace(/[^a-z0-9.+@-]/g, "");
  return { address: { firstName, lastName, ...place, phone }, email };
}

/** Cancellations go to orders that have print lines, a few of each kind (at least one each). */
function assignCancellations(orders: PlannedOrder[]): void {
  const printable = orders.filter((o) => o.kind !== "unmapped");
  const want: Array<[CancelWhen, number]> = [
    ["before-placement", 0.03], ["after-placement", 0.02], ["after-printed", 0.01], ["after-shipped", 0.01],
  ];
  let at = 1;
  for (const [when, share] of want) {
    for (let n = Math.max(1, Math.round(orders.length * share)); n > 0 && at < printable.length; n -= 1, at += 2) printable[at].cancel = when;
  }
}

export function planOrders(opts: PlanOptions): PlannedOrder[] {
  const rnd = seededRandom(opts.seed);
  const places = PLACES.filter((p) => !opts.countries || opts.countries.includes(p.countryCode));
  if (places.length === 0) throw new Error(`no addresses for countries ${opts.countries?.join(", ")} (known: AU, NZ, GB, US)`);
  const orders = Array.from({ length: opts.orders }, (_, index): PlannedOrder => {
    const kind = kindOf(rnd);
    const safeKind: OrderKind = opts.unmappedVariantIds.length === 0 && (kind === "mixed" || kind === "unmapped") ? "multi" : kind;
    const { address, email } = customer(rnd, index, places);
    const r = rnd();
    return {
      index,
      kind: safeKind,
      input: {
        lineItems: lines(rnd, safeKind, opts.mappedVariantIds, opts.unmappedVariantIds),
        shippingAddress: address,
        shippingLine: rnd() < 0.7 ? { title: "Standard Shipping", price: "12.00" } : { title: "Express Shipping", price: "24.00" },
        email,
        deliver: true,
      },
      redeliver: r < 0.25 ? "early" : r < 0.45 ? "late" : "none",
      cancel: "none",
      parcels: rnd() < 0.25 ? 2 : 1,
    };
  });
  // The first orders are always one of each kind, so that a small run covers them all.
  const kinds: OrderKind[] = opts.unmappedVariantIds.length > 0 ? ["single", "multi", "mixed", "unmapped"] : ["single", "multi"];
  kinds.forEach((kind, i) => {
    if (i < orders.length && orders[i].kind !== kind) {
      orders[i].kind = kind;
      orders[i].input.lineItems = lines(rnd, kind, opts.mappedVariantIds, opts.unmappedVariantIds);
    }
  });
  assignCancellations(orders);
  for (const o of orders) if (o.cancel === "before-placement") o.redeliver = "late";
  return orders;
}
