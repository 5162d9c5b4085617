// Reads the app's own shopify.app.toml: which webhook topic goes to which path (app-specific
// subscriptions and compliance topics), the access scopes and the webhook API version.
import { readFileSync } from "node:fs";
import { parse } from "smol-toml";

export interface AppConfig {
  clientId: string | null;
  applicationUrl: string | null;
  scopes: string;
  apiVersion: string;
  /** topic (e.g. "orders/paid", "shop/redact") -> uri relative to the shop's appUrl (or absolute). */
  subscriptions: Map<string, string>;
}

export const SANDBOX_API_VERSION = "2026-10";

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function parseAppConfig(text: string): AppConfig {
  const doc = record(parse(text));
  const webhooks = record(doc.webhooks);
  const subscriptions = new Map<string, string>();
  const subs = Array.isArray(webhooks.subscriptions) ? webhooks.subscriptions : [];
  for (const raw of subs) {
    const sub = record(raw);
    if (typeof sub.uri !== "string") continue;
    for (const topic of [...strings(sub.topics), ...strings(sub.compliance_topics)]) subscriptions.set(topic, sub.uri);
  }
  const access = record(doc.access_scopes);
  return {
    clientId: typeof doc.client_id === "string" ? doc.client_id : null,
    applicationUrl: typeof doc.application_url === "string" ? doc.application_url : null,
    scopes: typeof access.scopes === "string" ? access.scopes.split(",").map((s) => s.trim()).filter(Boolean).join(",") : "",
    apiVersion: typeof webhooks.api_version === "string" ? webhooks.api_version : SANDBOX_API_VERSION,
    subscriptions,
  };
}

export function loadAppConfig(path: string): AppConfig {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new Error(`shopify sandbox: cannot read the app config ${path}: ${(err as Error).message}`);
  }
  return parseAppConfig(text);
}

/** Where Shopify would POST a topic for a shop: the subscription uri resolved against the app URL. */
export function webhookUrl(config: AppConfig, topic: string, appUrl: string): string | null {
  const uri = config.subscriptions.get(topic);
  if (!uri) return null;
  if (/^https?:\/\//.test(uri)) return uri;
  return `${appUrl.replace(/\/+$/, "")}${uri.startsWith("/") ? uri : `/${uri}`}`;
}
