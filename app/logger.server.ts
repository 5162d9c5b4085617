// Structured logs (pino). Children carry shop and print-order ids; secrets and personal data are
// redacted by path so that a careless `log.info({ settings })` still shows nothing sensitive.
import pino, { type Logger } from "pino";
import { env } from "./env.server";

export type { Logger };

const REDACT = [
  "apiKey",
  "*.apiKey",
  "studioApiKey",
  "*.studioApiKey",
  "authorization",
  "*.authorization",
  "headers.authorization",
  "accessToken",
  "*.accessToken",
  "secret",
  "*.secret",
  "webhookSecret",
  "*.webhookSecret",
  "email",
  "*.email",
  "shippingAddress",
  "*.shippingAddress",
  "phone",
  "*.phone",
];

let root: Logger | undefined;

export function logger(): Logger {
  root ??= pino({
    level: env().LOG_LEVEL,
    base: { app: "print-studio" },
    redact: { paths: REDACT, censor: "[redacted]" },
  });
  return root;
}

export function shopLogger(shopDomain: string, bindings: Record<string, unknown> = {}): Logger {
  return logger().child({ shop: shopDomain, ...bindings });
}
