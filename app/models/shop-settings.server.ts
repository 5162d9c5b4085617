// A shop's settings: studio credentials (encrypted at rest), submission and shipping policy, rush
// tier, white-label and customer notification. Everything the merchant sends is validated as a
// whole; nothing is saved half.
import { z } from "zod";
import db from "~/db.server";
import { env } from "~/env.server";
import { decryptSecret, encryptSecret } from "~/lib/crypto.server";
import { shopLogger } from "~/logger.server";
import { createStudioClient, environmentOfKey, type StudioClient, type StudioEnvironment } from "~/studio";
import { fieldErrorsOf, type SaveResult } from "./field-errors";

export const SUBMISSION_POLICIES = ["immediate", "delay", "manual"] as const;
export const RUSH_TIERS = ["standard", "express", "critical"] as const;
export const SHIPPING_FALLBACKS = ["cheapest", "fastest"] as const;

export const ShippingPolicySchema = z.object({
  /** Shopify shipping line title -> studio shipping method id. */
  methods: z.record(z.string().min(1).max(200), z.string().min(1).max(100)).default({}),
  fallback: z.enum(SHIPPING_FALLBACKS).default("cheapest"),
});
export type ShippingPolicy = z.infer<typeof ShippingPolicySchema>;

const API_KEY_SHAPE = /^[a-z]+_(live|test)_[0-9a-f]{64}$/;

export const ShopSettingsInputSchema = z
  .object({
    /** A new key replaces the stored one; omitted or empty keeps it. */
    studioApiKey: z
      .string()
      .trim()
      .regex(API_KEY_SHAPE, "Paste the whole studio API key: a short prefix, _live_ or _test_, then 64 hexadecimal characters.")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    studioWebhookSecret: z
      .string()
      .trim()
      .regex(/^[a-z]+_[A-Za-z0-9]{16,}$/, "The webhook secret starts with a short prefix and an underscore, as the studio showed it.")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    studioBaseUrl: z.url("Enter the studio's API address, for example https://studio.example/api/print/v1.").nullable().optional(),
    submissionPolicy: z.enum(SUBMISSION_POLICIES, "Choose when paid orders go to the studio."),
    submissionDelayMinutes: z.coerce
      .number("Enter the delay in minutes.")
      .int("Enter a whole number of minutes.")
      .min(0, "The delay cannot be negative.")
      .max(10080, "The delay can be at most 7 days (10080 minutes).")
      .default(0),
    shippingPolicy: ShippingPolicySchema,
    defaultRushTier: z.enum(RUSH_TIERS, "Choose standard, express or critical."),
    whiteLabel: z.boolean().default(true),
    notifyCustomer: z.boolean().default(true),
  })
  .superRefine((s, ctx) => {
    if (s.submissionPolicy === "delay" && s.submissionDelayMinutes < 1) {
      ctx.addIssue({ code: "custom", path: ["submissionDelayMinutes"], message: "Enter a delay of at least 1 minute, or choose “immediately”." });
    }
  });
export type ShopSettingsInput = z.input<typeof ShopSettingsInputSchema>;

export interface ShopSettings {
  shop: string;
  hasStudioKey: boolean;
  studioApiKeyHint: string | null;
  studioEnvironment: StudioEnvironment | null;
  studioBaseUrl: string;
  hasWebhookSecret: boolean;
  submissionPolicy: (typeof SUBMISSION_POLICIES)[number];
  submissionDelayMinutes: number;
  shippingPolicy: ShippingPolicy;
  defaultRushTier: (typeof RUSH_TIERS)[number];
  whiteLabel: boolean;
  notifyCustomer: boolean;
  studioKeyCheckedAt: Date | null;
  lastStudioWebhookAt: Date | null;
  uninstalledAt: Date | null;
}

export class StudioNotConfiguredError extends Error {
  constructor(readonly shop: string) {
    super("No studio API key is saved for this shop yet: paste it in Settings.");
    this.name = "StudioNotConfiguredError";
  }
}

export async function ensureShop(shop: string): Promise<void> {
  await db.shop.upsert({ where: { domain: shop }, create: { domain: shop }, update: {} });
}

function parseShippingPolicy(raw: string, shop: string): ShippingPolicy {
  try {
    const parsed = ShippingPolicySchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    /* fall through */
  }
  shopLogger(shop).warn("stored shipping policy is unreadable; using the default (cheapest)");
  return ShippingPolicySchema.parse({});
}

const pick = <T extends string>(allowed: readonly T[], value: string, fallback: T): T =>
  (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

export async function getShopSettings(shop: string): Promise<ShopSettings> {
  const row = await db.shop.findUnique({ where: { domain: shop } });
  return {
    shop,
    hasStudioKey: Boolean(row?.studioApiKeyEnc),
    studioApiKeyHint: row?.studioApiKeyHint ?? null,
    studioEnvironment: row?.studioEnvironment === "live" || row?.studioEnvironment === "test" ? row.studioEnvironment : null,
    studioBaseUrl: row?.studioBaseUrl ?? env().STUDIO_API_BASE_URL,
    hasWebhookSecret: Boolean(row?.studioWebhookSecretEnc),
    submissionPolicy: pick(SUBMISSION_POLICIES, row?.submissionPolicy ?? "immediate", "immediate"),
    submissionDelayMinutes: row?.submissionDelayMinutes ?? 0,
    shippingPolicy: parseShippingPolicy(row?.shippingPolicy ?? "{}", shop),
    defaultRushTier: pick(RUSH_TIERS, row?.defaultRushTier ?? "standard", "standard"),
    whiteLabel: row?.whiteLabel ?? true,
    notifyCustomer: row?.notifyCustomer ?? true,
    studioKeyCheckedAt: row?.studioKeyCheckedAt ?? null,
    lastStudioWebhookAt: row?.lastStudioWebhookAt ?? null,
    uninstalledAt: row?.uninstalledAt ?? null,
  };
}

export interface SaveSettingsOptions {
  /**
   * Checks a newly pasted key live against the studio before anything is saved (the UI reads the
   * catalogue). Throwing refuses the save; the message is shown on the key field.
   */
  verifyKey?: (apiKey: string, baseUrl: string) => Promise<void>;
}

/** Validates the whole form, checks a new key, then saves everything in one write (or nothing). */
export async function saveShopSettings(shop: string, input: unknown, opts: SaveSettingsOptions = {}): Promise<SaveResult<ShopSettings>> {
  const parsed = ShopSettingsInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrorsOf(parsed.error) };
  const s = parsed.data;
  const baseUrl = s.studioBaseUrl ?? (await getShopSettings(shop)).studioBaseUrl;
  let keyFields = {};
  if (s.studioApiKey) {
    if (opts.verifyKey) {
      try {
        await opts.verifyKey(s.studioApiKey, baseUrl);
      } catch (error) {
        const reason = error instanceof Error ? error.message : "the studio did not accept it";
        return { ok: false, fieldErrors: { studioApiKey: `The studio refused this key: ${reason}` } };
      }
    }
    keyFields = {
      studioApiKeyEnc: encryptSecret(s.studioApiKey, shop),
      studioApiKeyHint: s.studioApiKey.slice(-4),
      studioEnvironment: environmentOfKey(s.studioApiKey),
      studioKeyCheckedAt: opts.verifyKey ? new Date() : null,
    };
  }
  const data = {
    ...keyFields,
    ...(s.studioWebhookSecret ? { studioWebhookSecretEnc: encryptSecret(s.studioWebhookSecret, shop) } : {}),
    ...(s.studioBaseUrl !== undefined ? { studioBaseUrl: s.studioBaseUrl } : {}),
    submissionPolicy: s.submissionPolicy,
    submissionDelayMinutes: s.submissionPolicy === "delay" ? s.submissionDelayMinutes : 0,
    shippingPolicy: JSON.stringify(s.shippingPolicy),
    defaultRushTier: s.defaultRushTier,
    whiteLabel: s.whiteLabel,
    notifyCustomer: s.notifyCustomer,
  };
  await db.shop.upsert({ where: { domain: shop }, create: { domain: shop, ...data }, update: data });
  shopLogger(shop).info({ keyChanged: Boolean(s.studioApiKey), secretChanged: Boolean(s.studioWebhookSecret) }, "settings saved");
  return { ok: true, value: await getShopSettings(shop) };
}

export async function getStudioCredentials(shop: string): Promise<{ apiKey: string; environment: StudioEnvironment; baseUrl: string } | null> {
  const row = await db.shop.findUnique({ where: { domain: shop } });
  if (!row?.studioApiKeyEnc) return null;
  const apiKey = decryptSecret(row.studioApiKeyEnc, shop);
  const environment = environmentOfKey(apiKey);
  if (!environment) return null;
  return { apiKey, environment, baseUrl: row.studioBaseUrl ?? env().STUDIO_API_BASE_URL };
}

export async function getStudioWebhookSecret(shop: string): Promise<string | null> {
  const row = await db.shop.findUnique({ where: { domain: shop }, select: { studioWebhookSecretEnc: true } });
  return row?.studioWebhookSecretEnc ? decryptSecret(row.studioWebhookSecretEnc, shop) : null;
}

/** A studio client for the shop's own key and base URL. */
export async function studioClientForShop(shop: string, options: Omit<Parameters<typeof createStudioClient>[0], "apiKey" | "baseUrl"> = {}): Promise<StudioClient> {
  const credentials = await getStudioCredentials(shop);
  if (!credentials) throw new StudioNotConfiguredError(shop);
  return createStudioClient({ ...options, apiKey: credentials.apiKey, baseUrl: credentials.baseUrl });
}
