// Bearer key authentication. Every failure is the same bare 401; authorisation is re-derived from the
// account on each request, so suspension and withdrawn API access bite at once.
import type { Caller } from "./context";
import type { ApiKey, State } from "./store";

export const KEY_PREFIX = "psk";
export const KEY_PATTERN = /^psk_(live|test)_[0-9a-f]{64}$/;

export type AuthResult = { ok: true; caller: Caller } | { ok: false; key: ApiKey | null };

export function authenticate(state: State, now: number, header: string | undefined): AuthResult {
  const match = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  if (!match || !KEY_PATTERN.test(match[1])) return { ok: false, key: null };
  const key = state.keysBySecret.get(match[1]);
  if (!key) return { ok: false, key: null };
  const account = state.accounts.get(key.accountId);
  const expired = key.expiresAt !== null && now >= key.expiresAt;
  if (!account || key.revoked || expired || account.suspended || !account.apiAccess) return { ok: false, key };
  return { ok: true, caller: { account, key } };
}
