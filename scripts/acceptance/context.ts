// What every phase of a run shares.
import type { DemoReady } from "./ready-line";
import type { ShopifySurface } from "./shopify-surface";
import type { StudioSurface } from "./studio-surface";
import type { TrackedOrder } from "./tracker";

export interface HarnessOptions {
  orders: number;
  faults: boolean;
  seed: number;
  /** Destination countries (null: AU, NZ, GB, US). */
  countries: string[] | null;
  /** Orders created at the same time. */
  concurrency: number;
  /** Time for the demo to print its ready line. */
  readyWithinMs: number;
  /** Placement budget: base plus this much per order that has print lines. */
  placementBaseMs: number;
  placementPerOrderMs: number;
  /** Fulfilment budget after the shipments: base plus this much per shipped order. */
  fulfilmentBaseMs: number;
  fulfilmentPerOrderMs: number;
  /** After the count, how long to keep watching for lost orders to be placed late (0: not at all). */
  lateWatchMs: number;
  /** How long to wait for another demo on this machine to finish before starting ours. */
  otherDemoWaitMs: number;
  logDir: string;
  /**
   * Give the demo its own database file (DEMO_DB_FILE, docs/decisions/050) so that other demos started
   * on this shared machine meanwhile do not delete it under us. The outside suite leaves it unset.
   */
  ownDatabase: boolean;
  /** More environment for the demo (a test runner's own settings, such as LOG_LEVEL=silent, are overridden here). */
  demoEnv: Record<string, string>;
  /** Keep that database file after the run (for a post-mortem); it is deleted otherwise. */
  keepDatabase: boolean;
  log: (line: string) => void;
}

export const DEFAULT_OPTIONS: Omit<HarnessOptions, "log"> = {
  orders: 200,
  faults: true,
  seed: 20261121,
  countries: null,
  concurrency: 6,
  readyWithinMs: 180_000,
  placementBaseMs: 90_000,
  placementPerOrderMs: 4_000,
  fulfilmentBaseMs: 60_000,
  fulfilmentPerOrderMs: 1_000,
  lateWatchMs: 180_000,
  otherDemoWaitMs: 15 * 60_000,
  logDir: "/tmp/print-studio-acceptance",
  ownDatabase: true,
  keepDatabase: false,
  demoEnv: {},
};

export interface RunContext {
  options: HarnessOptions;
  ready: DemoReady;
  shopify: ShopifySurface;
  studio: StudioSurface;
  tracked: TrackedOrder[];
  violations: string[];
  /** When the placement wait ended (wall ms). */
  placementEndedAt: number | null;
  /** Studio simulated time minus wall time (ms). */
  clockOffsetMs: number;
  log: (line: string) => void;
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
