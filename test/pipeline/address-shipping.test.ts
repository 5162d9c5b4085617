// Shopify address -> studio address, and the shipping policy's choice among discovered options.
import { describe, expect, it } from "vitest";
import { fromShopifyAddress, toStudioAddress } from "~/pipeline/address";
import { idempotencyKeyFor } from "~/pipeline/idempotency";
import { chooseShippingOption } from "~/pipeline/shipping-choice";
import type { ShippingOption } from "~/studio";

describe("address", () => {
  it("GIVEN a Shopify address THEN the studio's fields are filled, the country as ISO-2", () => {
    const stored = fromShopifyAddress({ first_name: "Ada", last_name: "Lovelace", address1: "1 Lane", address2: "", city: "Hobart", province: "Tasmania", province_code: "TAS", zip: "7000", country: "Australia", country_code: "au", phone: null });
    expect(stored).toEqual({ name: "Ada Lovelace", company: null, line1: "1 Lane", line2: null, city: "Hobart", state: "TAS", postcode: "7000", country: "AU", phone: null });
    expect(toStudioAddress(stored, "ada@example.org")).toEqual({ ok: true, address: { ...stored, email: "ada@example.org" } });
  });

  it("GIVEN a country without provinces THEN the city stands in for the state", () => {
    expect(fromShopifyAddress({ name: "Bo", address1: "1 Rd", city: "Singapore", zip: "018956", country_code: "SG" })?.state).toBe("Singapore");
  });

  it("GIVEN missing fields THEN they are named in the merchant's words", () => {
    const stored = fromShopifyAddress({ name: "Bo", address1: "", city: "X", zip: "", country_code: "" });
    expect(toStudioAddress(stored, null)).toEqual({ ok: false, missing: ["street address", "postcode", "country (2-letter code)", "customer email"] });
    expect(toStudioAddress(null, "a@b.c")).toEqual({ ok: false, missing: ["the whole shipping address"] });
  });
});

describe("shipping choice", () => {
  const opt = (id: string, priceCents: number, estimatedDelivery: string, extra: Partial<ShippingOption> = {}): ShippingOption => ({ id, name: id, description: null, estimatedDelivery, isCollection: false, priceCents, requiresQuote: false, ...extra });
  const options = [opt("express", 2500, "1-2 business days"), opt("standard", 1200, "3-7 business days"), opt("pickup", 0, "same day", { isCollection: true }), opt("freight", 500, "1 day", { requiresQuote: true })];

  it("GIVEN a mapped Shopify shipping title THEN its studio method is chosen", () => {
    expect(chooseShippingOption(options, { methods: { "Express Shipping": "express" }, fallback: "cheapest" }, "Express Shipping")?.id).toBe("express");
  });
  it("GIVEN no mapping THEN the fallback picks cheapest or fastest, never collection or quote-only", () => {
    expect(chooseShippingOption(options, { methods: {}, fallback: "cheapest" }, "Standard")?.id).toBe("standard");
    expect(chooseShippingOption(options, { methods: {}, fallback: "fastest" }, null)?.id).toBe("express");
  });
  it("GIVEN only unusable options THEN nothing is chosen", () => {
    expect(chooseShippingOption([options[2], options[3]], { methods: {}, fallback: "cheapest" }, null)).toBeNull();
  });
});

describe("idempotency key", () => {
  it("is a pure function of shop, Shopify order and quote, within the studio's 255 characters", () => {
    const k = idempotencyKeyFor("a.myshopify.com", "gid://shopify/Order/1", "qt_1");
    expect(k).toBe(idempotencyKeyFor("a.myshopify.com", "gid://shopify/Order/1", "qt_1"));
    expect(k).not.toBe(idempotencyKeyFor("a.myshopify.com", "gid://shopify/Order/1", "qt_2"));
    expect(k).not.toBe(idempotencyKeyFor("b.myshopify.com", "gid://shopify/Order/1", "qt_1"));
    expect(k.length).toBeLessThanOrEqual(255);
  });
});
