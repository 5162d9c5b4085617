// npm run shopify-sandbox: the sandbox on 127.0.0.1:${SHOPIFY_SANDBOX_PORT:-4020}.
import { startShopifySandbox } from "./server";

const port = Number(process.env.SHOPIFY_SANDBOX_PORT ?? 4020);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`SHOPIFY_SANDBOX_PORT must be a port number, got ${process.env.SHOPIFY_SANDBOX_PORT}`);
  process.exit(2);
}

const sandbox = await startShopifySandbox({
  port,
  host: "127.0.0.1",
  apiKey: process.env.SHOPIFY_API_KEY || "print-studio-local-dev",
  apiSecret: process.env.SHOPIFY_API_SECRET || "print-studio-local-dev-secret",
  appTomlPath: process.env.SHOPIFY_APP_TOML,
});
console.log(`shopify sandbox listening on ${sandbox.origin}`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  sandbox.close().then(() => process.exit(0), () => process.exit(1));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
