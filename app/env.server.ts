// Configuration, read once at boot and validated with zod. A missing or malformed variable stops
// the process with one line naming it (see entry.server.tsx and scripts/worker.ts).
import { z } from "zod";

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    SHOPIFY_API_KEY: z.string().min(1),
    SHOPIFY_API_SECRET: z.string().min(8),
    SHOPIFY_APP_URL: z.url(),
    SCOPES: z.string().min(1).transform((s) => s.split(",").map((x) => x.trim()).filter(Boolean)),
    SHOP_CUSTOM_DOMAIN: z.string().optional(),
    DATABASE_URL: z
      .string()
      .refine((u) => u.startsWith("file:") || /^postgres(ql)?:\/\//.test(u), "must start with file: (SQLite) or postgres:// (PostgreSQL)"),
    ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    STUDIO_API_BASE_URL: z.url().default("https://studio.invalid/api/print/v1"),
    WORKER_IN_PROCESS: booleanString.default(true),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
    SANDBOX_MODE: booleanString.default(false),
    SHOPIFY_SANDBOX_URL: z.url().optional(),
    SANDBOX_ARTWORK_ORIGINS: z
      .string()
      .optional()
      .transform((s) => (s ? s.split(",").map((x) => x.trim()).filter(Boolean) : [])),
  })
  .superRefine((env, ctx) => {
    if (env.SANDBOX_MODE && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["SANDBOX_MODE"], message: "is refused when NODE_ENV=production" });
    }
    if (env.SANDBOX_MODE && !env.SHOPIFY_SANDBOX_URL) {
      ctx.addIssue({ code: "custom", path: ["SHOPIFY_SANDBOX_URL"], message: "is required when SANDBOX_MODE is on" });
    }
    if (!env.SANDBOX_MODE && env.SANDBOX_ARTWORK_ORIGINS.length > 0) {
      ctx.addIssue({ code: "custom", path: ["SANDBOX_ARTWORK_ORIGINS"], message: "is only allowed when SANDBOX_MODE is on" });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = "EnvError";
  }
}

/** Parses an environment. Throws EnvError naming the first bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = String(issue.path[0] ?? "environment");
  const detail = issue.code === "invalid_type" && cleaned[variable] === undefined ? "is missing" : issue.message;
  throw new EnvError(variable, detail);
}

let cached: Env | undefined;

/** The process's configuration, parsed on first use and then fixed. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Parses the configuration or ends the process with one line naming the variable. */
export function loadEnvOrExit(): Env {
  try {
    return env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
