// Webhook bodies in Shopify's REST JSON shape, key for key as in Shopify's published samples for
// orders/paid, orders/cancelled (the same order body) and app/uninstalled (the shop), and the
// compliance bodies documented for customers/data_request, customers/redact and shop/redact.
import { fulfilledQuantity } from "./fulfillments";
import { countryName } from "./orders";
import type { CustomerState, MailingAddress, OrderState, ShopState } from "./store";
import { gid } from "./store";

type Json = Record<string, unknown>;

/** REST bodies write times with an offset ("2026-03-14T09:00:00+00:00"), GraphQL with "Z": every `*_at` key. */
function withOffsets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withOffsets) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k.endsWith("_at") && typeof v === "string" ? v.replace(/Z$/, "+00:00") : withOffsets(v)])) as T;
  }
  return value;
}

function moneySet(amount: string, currency: string): Json {
  const m = { amount, currency_code: currency };
  return { shop_money: m, presentment_money: { ...m } };
}

function restAddress(a: MailingAddress | null): Json | null {
  if (!a) return null;
  return {
    first_name: a.firstName, address1: a.address1, phone: a.phone, city: a.city, zip: a.zip, province: a.province, country: a.country,
    last_name: a.lastName, address2: a.address2, company: a.company, latitude: null, longitude: null,
    name: [a.firstName, a.lastName].filter(Boolean).join(" "), country_code: a.countryCode, province_code: a.provinceCode,
  };
}

function restCustomer(c: CustomerState, address: MailingAddress | null, currency: string): Json {
  return {
    id: c.id, created_at: c.createdAt, updated_at: c.createdAt, first_name: c.firstName, last_name: c.lastName, state: "disabled", note: null,
    verified_email: true, multipass_identifier: null, tax_exempt: false, email: c.email, phone: c.phone, currency, tax_exemptions: [],
    admin_graphql_api_id: gid("Customer", c.id),
    default_address: {
      id: c.addressId, customer_id: c.id, first_name: address?.firstName ?? c.firstName, last_name: address?.lastName ?? c.lastName,
      company: address?.company ?? null, address1: address?.address1 ?? null, address2: address?.address2 ?? null, city: address?.city ?? null,
      province: address?.province ?? null, country: address?.country ?? null, zip: address?.zip ?? null, phone: address?.phone ?? null,
      name: [address?.firstName ?? c.firstName, address?.lastName ?? c.lastName].filter(Boolean).join(" "),
      province_code: address?.provinceCode ?? null, country_code: address?.countryCode ?? null, country_name: countryName(address?.countryCode ?? null), default: true,
    },
  };
}

export function restOrder(shop: ShopState, o: OrderState): Json {
  return withOffsets(orderBody(shop, o));
}

function orderBody(shop: ShopState, o: OrderState): Json {
  const cur = o.currency;
  const subtotal = o.lineItems.reduce((s, li) => s + Number(li.price) * li.quantity, 0);
  const shipping = o.shippingLines.reduce((s, l) => s + Number(l.price), 0);
  const total = subtotal + shipping;
  const money = (n: number) => n.toFixed(2);
  const customer = o.customerId === null ? undefined : shop.customers.get(o.customerId);
  const fulfilledAll = o.lineItems.every((li) => fulfilledQuantity(shop, o, li.id) >= li.quantity);
  const fulfilledAny = o.lineItems.some((li) => fulfilledQuantity(shop, o, li.id) > 0);
  return {
    id: o.id,
    admin_graphql_api_id: gid("Order", o.id),
    app_id: null, browser_ip: null, buyer_accepts_marketing: false,
    cancel_reason: o.cancelReason, cancelled_at: o.cancelledAt, cart_token: null, checkout_token: null, client_details: null, closed_at: o.closedAt,
    confirmation_number: o.token.slice(0, 9).toUpperCase(), confirmed: true, contact_email: o.email, created_at: o.createdAt, currency: cur,
    current_shipping_price_set: moneySet(money(shipping), cur),
    current_subtotal_price: money(o.cancelledAt ? 0 : subtotal), current_subtotal_price_set: moneySet(money(o.cancelledAt ? 0 : subtotal), cur),
    current_total_additional_fees_set: null,
    current_total_discounts: "0.00", current_total_discounts_set: moneySet("0.00", cur), current_total_duties_set: null,
    current_total_price: money(o.cancelledAt ? 0 : total), current_total_price_set: moneySet(money(o.cancelledAt ? 0 : total), cur),
    current_total_tax: "0.00", current_total_tax_set: moneySet("0.00", cur),
    customer_locale: "en", device_id: null, discount_codes: [], duties_included: false, email: o.email ?? "", estimated_taxes: false,
    financial_status: o.financialStatus, fulfillment_status: fulfilledAll ? "fulfilled" : fulfilledAny ? "partial" : null,
    landing_site: null, landing_site_ref: null, location_id: null, merchant_business_entity_id: `MTU${shop.id}`, merchant_of_record_app_id: null,
    name: o.name, note: o.note, note_attributes: [], number: o.number, order_number: o.orderNumber,
    order_status_url: `https://${shop.domain}/${shop.id}/orders/${o.token}/authenticate?key=${o.token.slice(0, 16)}`,
    original_total_additional_fees_set: null, original_total_duties_set: null, payment_gateway_names: ["bogus"], phone: o.phone, po_number: null,
    presentment_currency: cur, processed_at: o.processedAt, reference: null, referring_site: null, source_identifier: null, source_name: "web", source_url: null,
    subtotal_price: money(subtotal), subtotal_price_set: moneySet(money(subtotal), cur),
    tags: o.tags.join(", "), tax_exempt: false, tax_lines: [], taxes_included: false, test: o.test, token: o.token,
    total_cash_rounding_payment_adjustment_set: moneySet("0.00", cur), total_cash_rounding_refund_adjustment_set: moneySet("0.00", cur),
    total_discounts: "0.00", total_discounts_set: moneySet("0.00", cur),
    total_line_items_price: money(subtotal), total_line_items_price_set: moneySet(money(subtotal), cur),
    total_outstanding: "0.00", total_price: money(total), total_price_set: moneySet(money(total), cur),
    total_shipping_price_set: moneySet(money(shipping), cur), total_tax: "0.00", total_tax_set: moneySet("0.00", cur), total_tip_received: "0.00",
    total_weight: o.lineItems.reduce((s, li) => s + li.grams * li.quantity, 0), updated_at: o.updatedAt, user_id: null,
    billing_address: restAddress(o.billingAddress),
    customer: customer ? restCustomer(customer, o.shippingAddress, cur) : null,
    discount_applications: [],
    fulfillments: o.fulfillmentIds.map((id) => shop.fulfillments.get(id)).filter((f) => f !== undefined).map((f) => ({
      id: f.id, admin_graphql_api_id: gid("Fulfillment", f.id), created_at: f.createdAt, location_id: f.locationId, name: f.name, order_id: o.id,
      service: "manual", shipment_status: null, status: f.status === "SUCCESS" ? "success" : "cancelled",
      tracking_company: f.trackingInfo[0]?.company ?? null, tracking_number: f.trackingInfo[0]?.number ?? null,
      tracking_numbers: f.trackingInfo.flatMap((t) => (t.number ? [t.number] : [])), tracking_url: f.trackingInfo[0]?.url ?? null,
      tracking_urls: f.trackingInfo.flatMap((t) => (t.url ? [t.url] : [])), updated_at: f.updatedAt,
    })),
    line_items: o.lineItems.map((li) => {
      const fulfilled = fulfilledQuantity(shop, o, li.id);
      const current = o.cancelledAt ? 0 : li.quantity;
      return {
        id: li.id, admin_graphql_api_id: gid("LineItem", li.id), attributed_staffs: [], current_quantity: current,
        fulfillable_quantity: Math.max(0, current - fulfilled), fulfillment_service: "manual",
        fulfillment_status: fulfilled === 0 ? null : fulfilled >= li.quantity ? "fulfilled" : "partial",
        gift_card: false, grams: li.grams, name: li.variantTitle ? `${li.title} - ${li.variantTitle}` : li.title,
        price: li.price, price_set: moneySet(li.price, cur), product_exists: li.productId !== null && shop.products.has(li.productId), product_id: li.productId,
        properties: li.properties.map((p) => ({ name: p.name, value: p.value })), quantity: li.quantity, requires_shipping: true,
        sales_line_item_group_id: null, sku: li.sku, taxable: true, title: li.title, total_discount: "0.00", total_discount_set: moneySet("0.00", cur),
        variant_id: li.variantId, variant_inventory_management: li.variantId === null ? null : "shopify", variant_title: li.variantTitle, vendor: li.vendor,
        tax_lines: [], duties: [], discount_allocations: [],
      };
    }),
    payment_terms: null, refunds: [],
    shipping_address: restAddress(o.shippingAddress),
    shipping_lines: o.shippingLines.map((l) => ({
      id: l.id, carrier_identifier: null, code: l.code, current_discounted_price_set: moneySet(l.price, cur), discounted_price: l.price,
      discounted_price_set: moneySet(l.price, cur), is_removed: false, phone: null, price: l.price, price_set: moneySet(l.price, cur),
      requested_fulfillment_service_id: null, source: l.source, title: l.title, tax_lines: [], discount_allocations: [],
    })),
    returns: [], line_item_groups: [],
  };
}

export function restShop(shop: ShopState): Json {
  const country = countryName(shop.countryCode);
  return withOffsets({
    id: shop.id, name: shop.name, email: shop.email, domain: shop.domain, province: "Oregon", country: shop.countryCode, address1: "1 Gallery Street",
    zip: "97035", city: "Springfield", source: null, phone: "+1 555 0100", latitude: null, longitude: null, primary_locale: "en", address2: null,
    created_at: shop.createdAt, updated_at: shop.createdAt, country_code: shop.countryCode, country_name: country, currency: shop.currencyCode,
    customer_email: shop.email, timezone: "(GMT+00:00) UTC", iana_timezone: "UTC", shop_owner: "Sandra Box", money_format: "{{amount}}",
    money_with_currency_format: `{{amount}} ${shop.currencyCode}`, weight_unit: "kg", province_code: "OR", taxes_included: false,
    auto_configure_tax_inclusivity: null, tax_shipping: null, county_taxes: null, plan_display_name: "Development", plan_name: "partner_test",
    has_discounts: false, has_gift_cards: false, myshopify_domain: shop.domain, google_apps_domain: null, google_apps_login_enabled: null,
    money_in_emails_format: "{{amount}}", money_with_currency_in_emails_format: `{{amount}} ${shop.currencyCode}`, eligible_for_payments: true,
    requires_extra_payments_agreement: false, password_enabled: true, has_storefront: true, finances: true, primary_location_id: shop.locationId,
    checkout_api_supported: true, multi_location_enabled: true, setup_required: false, pre_launch_enabled: false,
    enabled_presentment_currencies: [shop.currencyCode], marketing_sms_consent_enabled_at_checkout: false, transactional_sms_disabled: false,
  });
}

export function restCompliance(shop: ShopState, topic: string, customer: CustomerState | null, dataRequestId: number): Json {
  const base = { shop_id: shop.id, shop_domain: shop.domain };
  if (topic === "shop/redact") return base;
  const orders = customer ? [...shop.orders.values()].filter((o) => o.customerId === customer.id).map((o) => o.id) : [];
  const who = { id: customer?.id ?? null, email: customer?.email ?? null, phone: customer?.phone ?? null };
  if (topic === "customers/redact") return { ...base, customer: who, orders_to_redact: orders };
  return { ...base, customer: who, orders_requested: orders, data_request: { id: dataRequestId } };
}
