import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/env.server";

const valid = {
  SHOPIFY_API_KEY: "key",
  SHOPIFY_API_SECRET: "secret-secret",
  SHOPIFY_APP_URL: "https://app.example.com",
  SCOPES: "read_orders, write_orders",
  DATABASE_URL: "file:./dev.db",
  ENCRYPTION_KEY: "ab".repeat(32),
};

describe("configuration", () => {
  it("GIVEN a complete environment WHEN parsed THEN values are typed and defaults applied", () => {
    const env = parseEnv(valid);
    expect(env.SCOPES).toEqual(["read_orders", "write_orders"]);
    expect(env.NODE_ENV).toBe("development");
    expect(env.WORKER_IN_PROCESS).toBe(true);
    expect(env.SANDBOX_MODE).toBe(false);
  });

  it.each(Object.keys(valid))("GIVEN %s is missing WHEN parsed THEN the error names it", (name) => {
    const env: Record<string, string | undefined> = { ...valid, [name]: undefined };
    expect(() => parseEnv(env)).toThrowError(new EnvError(name, "is missing"));
  });

  it("GIVEN a malformed value WHEN parsed THEN the error names the variable and says what is expected", () => {
    expect(() => parseEnv({ ...valid, ENCRYPTION_KEY: "short" })).toThrow(/^Invalid configuration: ENCRYPTION_KEY must be 64 hexadecimal characters/);
    expect(() => parseEnv({ ...valid, DATABASE_URL: "mysql://x" })).toThrow(/^Invalid configuration: DATABASE_URL must start with file:/);
    expect(() => parseEnv({ ...valid, SHOPIFY_APP_URL: "not a url" })).toThrow(/^Invalid configuration: SHOPIFY_APP_URL /);
  });

  it("GIVEN sandbox mode WHEN NODE_ENV is production THEN it is refused, and it needs the sandbox URL", () => {
    expect(() => parseEnv({ ...valid, NODE_ENV: "production", SANDBOX_MODE: "true", SHOPIFY_SANDBOX_URL: "http://127.0.0.1:4020" })).toThrow(
      "Invalid configuration: SANDBOX_MODE is refused when NODE_ENV=production",
    );
    expect(() => parseEnv({ ...valid, SANDBOX_MODE: "true" })).toThrow("Invalid configuration: SHOPIFY_SANDBOX_URL is required when SANDBOX_MODE is on");
    expect(() => parseEnv({ ...valid, SANDBOX_ARTWORK_ORIGINS: "http://127.0.0.1:9" })).toThrow(/SANDBOX_ARTWORK_ORIGINS is only allowed/);
  });
});
