// Server side of the Settings page: what the form shows, and its three actions (check a key,
// discover the studio's shipping methods, save everything or nothing).
import { z } from "zod";
import { env } from "~/env.server";
import { getShopSettings, saveShopSettings } from "~/models/shop-settings.server";
import { environmentOfKey } from "~/studio";
import { getShopShipping, type AdminGraphql } from "~/shopify/products.server";
import { checkStudioKey, catalogueForShop, forgetCatalogue, studioMessage } from "./studio.server";
import { discoverShippingMethods, shopShippingAddress } from "./sample-quote.server";

export function studioWebhookUrl(shop: string): string {
  return `${env().SHOPIFY_APP_URL.replace(/\/+$/, "")}/webhooks/studio/${shop}`;
}

export async function settingsPageData(shop: string, graphql: AdminGraphql) {
  const settings = await getShopSettings(shop);
  let shopRates: string[] = [];
  let shopRatesError: string | null = null;
  try {
    shopRates = (await getShopShipping(graphql)).rateNames;
  } catch (error) {
    shopRatesError = error instanceof Error ? error.message : "Shopify did not list the shop's shipping rates.";
  }
  return {
    settings: {
      hasStudioKey: settings.hasStudioKey,
      studioApiKeyHint: settings.studioApiKeyHint,
      studioEnvironment: settings.studioEnvironment,
      hasWebhookSecret: settings.hasWebhookSecret,
      submissionPolicy: settings.submissionPolicy,
      submissionDelayMinutes: settings.submissionDelayMinutes,
      shippingPolicy: settings.shippingPolicy,
      defaultRushTier: settings.defaultRushTier,
      whiteLabel: settings.whiteLabel,
      notifyCustomer: settings.notifyCustomer,
      studioKeyCheckedAt: settings.studioKeyCheckedAt?.toISOString() ?? null,
      lastStudioWebhookAt: settings.lastStudioWebhookAt?.toISOString() ?? null,
    },
    webhookUrl: studioWebhookUrl(shop),
    shopRates,
    shopRatesError,
  };
}

export const SettingsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("checkKey"), studioApiKey: z.string().trim() }),
  z.object({ intent: z.literal("discover") }),
  z.object({ intent: z.literal("save"), settings: z.record(z.string(), z.unknown()) }),
]);

export type SettingsActionResult =
  | { intent: "checkKey"; ok: true; environment: "live" | "test" }
  | { intent: "checkKey"; ok: false; message: string }
  | { intent: "discover"; ok: true; currency: string; options: Array<{ id: string; name: string; estimatedDelivery: string; priceCents: number }> }
  | { intent: "discover"; ok: false; message: string }
  | { intent: "save"; ok: true; environment: "live" | "test" | null; hint: string | null }
  | { intent: "save"; ok: false; fieldErrors: Record<string, string> };

export async function settingsAction(shop: string, graphql: AdminGraphql, raw: unknown): Promise<SettingsActionResult> {
  const parsed = SettingsActionSchema.safeParse(raw);
  if (!parsed.success) return { intent: "save", ok: false, fieldErrors: { form: "The form could not be read; reload the page and try again." } };
  const input = parsed.data;
  if (input.intent === "checkKey") {
    const environment = environmentOfKey(input.studioApiKey);
    if (!environment) return { intent: "checkKey", ok: false, message: "Paste the whole studio API key: a short prefix, _live_ or _test_, then 64 hexadecimal characters." };
    try {
      await checkStudioKey(input.studioApiKey, (await getShopSettings(shop)).studioBaseUrl);
      return { intent: "checkKey", ok: true, environment };
    } catch (error) {
      return { intent: "checkKey", ok: false, message: `The studio refused this key: ${error instanceof Error ? error.message : "unknown reason"}` };
    }
  }
  if (input.intent === "discover") {
    try {
      const catalogue = await catalogueForShop(shop);
      if (!catalogue.ok) return { intent: "discover", ok: false, message: catalogue.message };
      const mediaId = catalogue.view.sections.media[0]?.id;
      if (!mediaId) return { intent: "discover", ok: false, message: "The studio's catalogue lists no paper to price a sample print with." };
      const address = shopShippingAddress(await getShopShipping(graphql));
      const { options, currency } = await discoverShippingMethods(shop, address, mediaId);
      return { intent: "discover", ok: true, currency, options: options.map((o) => ({ id: o.id, name: o.name, estimatedDelivery: o.estimatedDelivery, priceCents: o.priceCents })) };
    } catch (error) {
      return { intent: "discover", ok: false, message: studioMessage(error) };
    }
  }
  const result = await saveShopSettings(shop, input.settings, { verifyKey: checkStudioKey });
  if (!result.ok) return { intent: "save", ok: false, fieldErrors: result.fieldErrors };
  forgetCatalogue(shop);
  return { intent: "save", ok: true, environment: result.value.studioEnvironment, hint: result.value.studioApiKeyHint };
}
