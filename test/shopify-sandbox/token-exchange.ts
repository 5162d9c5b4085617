// POST /shops/{shop}/admin/oauth/access_token: OAuth token exchange (session token -> access token),
// answered as Shopify answers it; also the refresh_token grant for expiring offline tokens.
// A shop the sandbox has never seen is installed on its first valid token exchange (like Shopify's
// managed installation), with appUrl = defaultAppUrl / SHOPIFY_APP_URL / the toml's application_url.
// A shop whose app was uninstalled stays uninstalled until the control surface installs it again.
import { installShop, newAccessToken } from "./catalog";
import type { SandboxContext } from "./context";
import { HttpError } from "./http-util";
import { SANDBOX_USER, verifySessionToken } from "./session-token";
import type { ShopState } from "./store";

export const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
export const ID_TOKEN_TYPE = "urn:ietf:params:oauth:token-type:id_token";
export const OFFLINE_TOKEN_TYPE = "urn:shopify:params:oauth:token-type:offline-access-token";
export const ONLINE_TOKEN_TYPE = "urn:shopify:params:oauth:token-type:online-access-token";

const OFFLINE_EXPIRY_S = 3600;
const REFRESH_EXPIRY_S = 90 * 24 * 3600;
const ONLINE_EXPIRY_S = 86399;

function str(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  return typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : "";
}

function offlineAnswer(ctx: SandboxContext, shop: ShopState, expiring: boolean): Record<string, unknown> {
  if (!expiring) return { access_token: shop.offlineToken, scope: shop.scope };
  const now = ctx.now();
  shop.offlineToken = newAccessToken("shpat");
  shop.offlineTokenExpiresAt = now + OFFLINE_EXPIRY_S * 1000;
  const refresh = newAccessToken("shprt");
  shop.refreshTokens.set(refresh, now + REFRESH_EXPIRY_S * 1000);
  return { access_token: shop.offlineToken, scope: shop.scope, expires_in: OFFLINE_EXPIRY_S, refresh_token: refresh, refresh_token_expires_in: REFRESH_EXPIRY_S };
}

export function tokenExchange(ctx: SandboxContext, shopDomain: string, body: Record<string, unknown>): Record<string, unknown> {
  if (str(body, "client_id") !== ctx.apiKey || str(body, "client_secret") !== ctx.apiSecret) {
    throw new HttpError(401, "invalid client", { error: "invalid_client", error_description: "Client authentication failed: unknown client or wrong secret." });
  }
  const grant = str(body, "grant_type");
  if (grant === "refresh_token") {
    const shop = ctx.store.shop(shopDomain);
    const expires = shop?.refreshTokens.get(str(body, "refresh_token"));
    if (!shop || !shop.installed || expires === undefined || expires < ctx.now()) throw new HttpError(400, "invalid grant", { error: "invalid_grant", error_description: "The refresh token is invalid or expired." });
    shop.refreshTokens.delete(str(body, "refresh_token"));
    return offlineAnswer(ctx, shop, true);
  }
  if (grant !== TOKEN_EXCHANGE_GRANT) throw new HttpError(400, "unsupported grant", { error: "unsupported_grant_type", error_description: `Unsupported grant_type ${grant}.` });
  if (str(body, "subject_token_type") !== ID_TOKEN_TYPE) throw new HttpError(400, "bad subject token type", { error: "invalid_request", error_description: "subject_token_type must be urn:ietf:params:oauth:token-type:id_token." });
  const verified = verifySessionToken(str(body, "subject_token"), ctx.apiKey, ctx.apiSecret, ctx.now());
  if (!verified.ok || verified.payload.dest !== `https://${shopDomain}`) {
    throw new HttpError(400, "invalid subject token", { error: "invalid_subject_token", error_description: verified.ok ? "The session token was issued for another shop." : verified.reason });
  }
  let shop = ctx.store.shop(shopDomain);
  const notInstalled = { error: "invalid_subject_token", error_description: "The app is not installed on this shop." };
  if (shop && !shop.installed) throw new HttpError(400, "app uninstalled", notInstalled);
  if (!shop) {
    if (!ctx.defaultAppUrl) throw new HttpError(400, "app not installed", notInstalled);
    shop = installShop(ctx.store, { shop: shopDomain, appUrl: ctx.defaultAppUrl }, ctx.config.scopes, ctx.now());
  }
  const requested = str(body, "requested_token_type") || OFFLINE_TOKEN_TYPE;
  if (requested === OFFLINE_TOKEN_TYPE) return offlineAnswer(ctx, shop, str(body, "expiring") === "1");
  if (requested !== ONLINE_TOKEN_TYPE) throw new HttpError(400, "bad requested token type", { error: "invalid_request", error_description: `Unsupported requested_token_type ${requested}.` });
  const token = newAccessToken("shpua");
  const userId = Number(verified.payload.sub) || SANDBOX_USER.id;
  shop.onlineTokens.set(token, { token, userId, expiresAt: ctx.now() + ONLINE_EXPIRY_S * 1000, scope: shop.scope });
  return {
    access_token: token, scope: shop.scope, expires_in: ONLINE_EXPIRY_S, associated_user_scope: shop.scope,
    session: verified.payload.sid,
    associated_user: {
      id: userId, first_name: SANDBOX_USER.firstName, last_name: SANDBOX_USER.lastName, email: SANDBOX_USER.email,
      account_owner: true, locale: SANDBOX_USER.locale, collaborator: false, email_verified: true,
    },
  };
}
