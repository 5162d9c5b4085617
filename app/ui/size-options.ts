// Reads a print size from a variant option value ("A3", "30x40 cm", "8 x 10 in", "500×700mm") for
// bulk apply. The result is a proposal: the merchant confirms or corrects every row before saving.
import type { SizePreset } from "./catalogue-view";

export interface ParsedSize { widthMm: number; heightMm: number; source: "preset" | "iso" | "dimensions" | "assumed-unit" }

const ISO_A: Record<string, [number, number]> = {
  a0: [841, 1189], a1: [594, 841], a2: [420, 594], a3: [297, 420], a4: [210, 297], a5: [148, 210], a6: [105, 148],
};
const UNIT_MM: Record<string, number> = { mm: 1, cm: 10, in: 25.4, inch: 25.4, inches: 25.4, '"': 25.4, "″": 25.4 };

export function parseSizeOption(value: string, presets: SizePreset[] = []): ParsedSize | null {
  const v = value.trim().toLowerCase();
  if (!v) return null;
  const preset = presets.find((p) => p.id.toLowerCase() === v || p.label.toLowerCase() === v || p.label.toLowerCase().startsWith(`${v} `));
  if (preset) return { widthMm: preset.widthMm, heightMm: preset.heightMm, source: "preset" };
  const iso = /^(a[0-6])\b/.exec(v);
  if (iso) return { widthMm: ISO_A[iso[1]][0], heightMm: ISO_A[iso[1]][1], source: "iso" };
  const m = /(\d+(?:[.,]\d+)?)\s*(mm|cm|in|inch|inches|"|″)?\s*[x×*]\s*(\d+(?:[.,]\d+)?)\s*(mm|cm|inches|inch|in|"|″)?/.exec(v);
  if (!m) return null;
  const a = Number(m[1].replace(",", "."));
  const b = Number(m[3].replace(",", "."));
  const unit = m[4] ?? m[2];
  // without a unit, small numbers read as centimetres and large ones as millimetres: flagged for confirmation
  const factor = unit ? UNIT_MM[unit] : Math.max(a, b) <= 150 ? 10 : 1;
  const w = Math.round(a * factor);
  const h = Math.round(b * factor);
  if (!(w > 0 && h > 0)) return null;
  return { widthMm: w, heightMm: h, source: unit ? "dimensions" : "assumed-unit" };
}
