// Deterministic pricing engine (pricingVersion 3). Documented in README.md; every rate is in cents.
import {
  BACKING_RATE_CENTS_PER_SQM, GLAZING_RATE_CENTS_PER_SQM, MATBOARDS, MAT_RATE_CENTS_PER_SQM, MEDIA_RATE_CENTS_PER_SQM,
  MOULDING_RATE_CENTS_PER_M, SLEEVE_PRICE_CENTS,
} from "./catalogue-data";
import type { LineConfig, MatConfig } from "./line-rules";

export const PRICING_VERSION = 3;
export const CURRENCY = "AUD";
export const MINIMUM_ORDER_CENTS = 3000;
export const STUDIO_TIME_ZONE = "Australia/Sydney";

const SETUP_CENTS: Record<string, number> = {
  "fine-art-printing": 800, "everyday-art-prints": 400, "print-and-mat": 800, "custom-framing": 800, "canvas-printing": 1200,
};
const MAT_CUT_CENTS = 1500;
const TEXT_WINDOW_CENTS = 900;
const FRAME_JOIN_CENTS = 1200;
const FRAME_ASSEMBLY_CENTS = 4500;
const STRETCH_LABOUR_CENTS = 1500;
const STRETCHER_CENTS_PER_M: Record<string, number> = { "18mm": 1800, "30mm": 2400, "45mm": 3200 };
const FINISH_CENTS_PER_SQM: Record<string, number> = { none: 0, "matte-varnish": 1500, "satin-varnish": 1500, "gloss-varnish": 1800 };
const FLOAT_FITTING_CENTS = 2500;

/** Volume ladder on the basket's total units: [minimum units, percent]. */
export const VOLUME_LADDER: ReadonlyArray<readonly [number, number]> = [[100, 12], [50, 10], [25, 8], [10, 5]];

export const RUSH_TIERS = {
  standard: { percent: 0, minimumCents: 0, businessDays: null },
  express: { percent: 25, minimumCents: 1500, businessDays: 3 },
  critical: { percent: 50, minimumCents: 4000, businessDays: 1 },
} as const;
export type RushTier = keyof typeof RUSH_TIERS;

const sqm = (w: number, h: number): number => (w * h) / 1_000_000;
const perimeterM = (w: number, h: number): number => (2 * (w + h)) / 1000;

function matCents(mat: MatConfig): number {
  const board = MATBOARDS.find((b) => b.id === mat.matboardId);
  const rate = board?.isMuseumGrade ? MAT_RATE_CENTS_PER_SQM.museum : board?.isAcidFree ? MAT_RATE_CENTS_PER_SQM.acidFree : MAT_RATE_CENTS_PER_SQM.standard;
  return sqm(mat.outerWidthMm, mat.outerHeightMm) * rate + MAT_CUT_CENTS + (mat.textWindow ? TEXT_WINDOW_CENTS : 0);
}

/** Unit price of one configured piece, rounded up to a multiple of 5 cents. */
export function unitPriceCents(line: LineConfig): number {
  let cents = sqm(line.printWidthMm, line.printHeightMm) * MEDIA_RATE_CENTS_PER_SQM[line.mediaId] + SETUP_CENTS[line.productSlug];
  if (line.sleeve) cents += SLEEVE_PRICE_CENTS[line.sleeve];
  if (line.mat) cents += matCents(line.mat);
  if (line.frame) {
    const innerW = line.mat ? line.mat.outerWidthMm : line.artworkWidthMm;
    const innerH = line.mat ? line.mat.outerHeightMm : line.artworkHeightMm;
    cents += perimeterM(line.outerWidthMm, line.outerHeightMm) * MOULDING_RATE_CENTS_PER_M[line.frame.mouldingId] + FRAME_JOIN_CENTS;
    cents += sqm(innerW, innerH) * (GLAZING_RATE_CENTS_PER_SQM[line.frame.glazingId] + BACKING_RATE_CENTS_PER_SQM[line.frame.backingId]);
    cents += FRAME_ASSEMBLY_CENTS;
  }
  if (line.canvas) {
    const { stretched, depth, finish, floatMouldingId } = line.canvas;
    cents += sqm(line.artworkWidthMm, line.artworkHeightMm) * FINISH_CENTS_PER_SQM[finish];
    if (stretched && depth) cents += perimeterM(line.artworkWidthMm, line.artworkHeightMm) * STRETCHER_CENTS_PER_M[depth] + STRETCH_LABOUR_CENTS;
    if (floatMouldingId) cents += perimeterM(line.outerWidthMm, line.outerHeightMm) * MOULDING_RATE_CENTS_PER_M[floatMouldingId] + FLOAT_FITTING_CENTS;
  }
  return Math.ceil(cents / 5) * 5;
}

export interface Discount {
  discountCents: number;
  discountReason: string | null;
  discountLabel: string | null;
}

/** Trade discount and volume ladder stack (percentages add) and are taken off the subtotal. */
export function discountFor(subtotalCents: number, units: number, tradePercent: number): Discount {
  const volume = VOLUME_LADDER.find(([min]) => units >= min);
  const volumePercent = volume ? volume[1] : 0;
  const percent = tradePercent + volumePercent;
  if (percent <= 0) return { discountCents: 0, discountReason: null, discountLabel: null };
  const discountCents = Math.round((subtotalCents * percent) / 100);
  if (tradePercent > 0 && volume) {
    return { discountCents, discountReason: "trade-and-volume", discountLabel: `Trade discount ${tradePercent}% + volume ${volumePercent}% (${volume[0]}+ pieces)` };
  }
  if (volume) return { discountCents, discountReason: "volume-ladder", discountLabel: `Volume discount ${volumePercent}% (${volume[0]}+ pieces)` };
  return { discountCents, discountReason: "trade-discount", discountLabel: `Trade discount ${tradePercent}%` };
}

export function rushFeeCents(tier: RushTier, netCents: number): number {
  const rule = RUSH_TIERS[tier];
  if (rule.percent === 0) return 0;
  return Math.max(rule.minimumCents, Math.round((netCents * rule.percent) / 100));
}

/** Studio-local calendar date (YYYY-MM-DD) `businessDays` working days (Mon-Fri) after `nowMs`. */
export function promisedReadyDate(tier: RushTier, nowMs: number): string | null {
  const days = RUSH_TIERS[tier].businessDays;
  if (days === null) return null;
  const local = new Intl.DateTimeFormat("en-CA", { timeZone: STUDIO_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(nowMs));
  const date = new Date(`${local}T00:00:00Z`);
  let added = 0;
  while (added < days) {
    date.setUTCDate(date.getUTCDate() + 1);
    const dow = date.getUTCDay();
    if (dow !== 0 && dow !== 6) added += 1;
  }
  return date.toISOString().slice(0, 10);
}

/** GST (10%) is contained in the total for Australian destinations; exports are GST-free. */
export const gstCents = (totalCents: number, country: string): number => (country === "AU" ? Math.round(totalCents / 11) : 0);
