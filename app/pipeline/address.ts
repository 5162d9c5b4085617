// Shopify's shipping address -> the studio's shippingAddress (spec, POST /quotes). The stored form is
// already the studio's shape; what the studio requires but Shopify lacks is reported by name.
import { z } from "zod";
import type { ShippingAddress } from "~/studio";

const text = z.string().nullish().transform((v) => (v ?? "").trim());

export const ShopifyAddressSchema = z.looseObject({
  name: text,
  first_name: text,
  last_name: text,
  company: text,
  address1: text,
  address2: text,
  city: text,
  province: text,
  province_code: text,
  zip: text,
  country: text,
  country_code: text,
  phone: text,
});

export const StoredAddressSchema = z.object({
  name: z.string().max(200),
  company: z.string().max(200).nullish().transform((v) => v || null),
  line1: z.string().max(200),
  line2: z.string().max(200).nullish().transform((v) => v || null),
  city: z.string().max(100),
  state: z.string().max(100),
  postcode: z.string().max(20),
  country: z.string().max(2),
  phone: z.string().max(50).nullish().transform((v) => v || null),
});
export type StoredAddress = z.infer<typeof StoredAddressSchema>;

export function fromShopifyAddress(raw: unknown): StoredAddress | null {
  const parsed = ShopifyAddressSchema.safeParse(raw);
  if (!parsed.success) return null;
  const a = parsed.data;
  return {
    name: (a.name || `${a.first_name} ${a.last_name}`.trim()).slice(0, 200),
    company: a.company || null,
    line1: a.address1.slice(0, 200),
    line2: a.address2 || null,
    city: a.city.slice(0, 100),
    // Countries without provinces: the city stands in for the state the studio requires.
    state: (a.province_code || a.province || a.city).slice(0, 100),
    postcode: a.zip.slice(0, 20),
    country: (a.country_code || "").toUpperCase(),
    phone: a.phone ? a.phone.slice(0, 50) : null,
  };
}

export type AddressCheck = { ok: true; address: ShippingAddress } | { ok: false; missing: string[] };

const LABELS: Record<string, string> = {
  name: "recipient name",
  line1: "street address",
  city: "city",
  state: "state or province",
  postcode: "postcode",
  country: "country (2-letter code)",
  email: "customer email",
};

/** The studio's address, or the list of what is missing (in the merchant's words). */
export function toStudioAddress(stored: StoredAddress | null, email: string | null): AddressCheck {
  if (!stored) return { ok: false, missing: ["the whole shipping address"] };
  const missing: string[] = [];
  for (const key of ["name", "line1", "city", "state", "postcode"] as const) if (!stored[key]) missing.push(LABELS[key]);
  if (!/^[A-Z]{2}$/.test(stored.country)) missing.push(LABELS.country);
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) missing.push(LABELS.email);
  if (missing.length > 0) return { ok: false, missing };
  return {
    ok: true,
    address: { ...stored, email: email as string },
  };
}

export function parseStoredAddress(json: string | null): StoredAddress | null {
  if (!json) return null;
  try {
    const parsed = StoredAddressSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
