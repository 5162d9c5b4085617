// Everything one running sandbox holds: the app's identity and config, the store, faults and clock.
import type { AppConfig } from "./app-config";
import { Faults } from "./faults";
import { Store } from "./store";

export interface SandboxContext {
  apiKey: string;
  apiSecret: string;
  config: AppConfig;
  store: Store;
  faults: Faults;
  /** The sandbox clock: real time plus an offset the control surface can advance (for the bucket, tokens). */
  now(): number;
  advance(ms: number): void;
  /** Back to real time (reset does this). */
  resetClock(): void;
  /** The origin the server listens on, once it does. */
  origin: string;
  /** App URL used when a token exchange auto-installs a shop nobody installed through the control surface. */
  defaultAppUrl: string | null;
}

export function createContext(apiKey: string, apiSecret: string, config: AppConfig, clock: () => number = Date.now): SandboxContext {
  let offset = 0;
  return {
    apiKey, apiSecret, config,
    store: new Store(),
    faults: new Faults(),
    now: () => clock() + offset,
    advance: (ms: number) => { offset += Math.max(0, ms); },
    resetClock: () => { offset = 0; },
    origin: "",
    defaultAppUrl: process.env.SHOPIFY_APP_URL ?? config.applicationUrl,
  };
}
