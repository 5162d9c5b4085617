// Loaded by vitest before every test file: a complete, valid environment for the app's config
// parser, so that tests never depend on the developer's shell. Tests that check env validation
// build their own env objects instead of reading process.env.
process.env.NODE_ENV = process.env.NODE_ENV === "production" ? "production" : "test";
process.env.SHOPIFY_API_KEY ??= "test-api-key";
process.env.SHOPIFY_API_SECRET ??= "test-api-secret-0123456789abcdef";
process.env.SHOPIFY_APP_URL ??= "http://127.0.0.1:3000";
process.env.SCOPES ??= "read_orders,write_orders,read_products,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,read_shipping";
process.env.DATABASE_URL ??= "file:./prisma/test.db";
process.env.ENCRYPTION_KEY ??= "a".repeat(64);
process.env.LOG_LEVEL ??= "silent";
