// The catalogue as the editor and the preview need it: serialisable, typed, one option list per
// section. Built on the server from the studio's catalogue (fields the spec leaves untyped are
// read defensively: a string stays a string, a number a number, anything else is dropped).
import type { Catalogue } from "~/studio/schemas";
import type { CatalogueSection } from "~/models/print-products";

export interface MaterialOption {
  id: string;
  label: string;
  hex: string | null;
  coreHex: string | null;
  widthMm: number | null;
  depthMm: number | null;
  maxPrintWidthMm: number | null;
  /** null = valid in every quality tier. */
  tiers: string[] | null;
}

export interface SizePreset { id: string; label: string; widthMm: number; heightMm: number }

export interface CatalogueView {
  products: Array<{ slug: string; name: string }>;
  sections: Record<CatalogueSection, MaterialOption[]>;
  sizes: SizePreset[];
}

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && /^\d+(\.\d+)?$/.test(v) ? Number(v) : null);
const hex = (v: unknown): string | null => {
  const s = str(v);
  return s && /^#?[0-9a-fA-F]{3,8}$/.test(s) ? (s.startsWith("#") ? s : `#${s}`) : null;
};

type Row = Record<string, unknown> & { id?: unknown; sizeCode?: unknown };

function option(row: Row): MaterialOption {
  const id = String(row.id ?? row.sizeCode ?? "");
  const title = str(row.clientTitle) ?? str(row.name) ?? str(row.colour) ?? id;
  const w = num(row.widthMm);
  const h = num(row.heightMm);
  const label = row.sizeCode !== undefined && w && h ? `${id} (${w} × ${h} mm)` : title;
  const tiers = Array.isArray(row.qualityTierIds) ? row.qualityTierIds.map(String) : null;
  return {
    id,
    label,
    hex: hex(row.colourHex),
    coreHex: hex(row.coreColourHex),
    widthMm: w,
    depthMm: num(row.depthMm),
    maxPrintWidthMm: num(row.maxPrintWidthMm),
    tiers,
  };
}

const SECTIONS: CatalogueSection[] = ["media", "canvasMedia", "everydayArtMedia", "mouldings", "canvasMouldings", "matboards", "glazing", "backing", "qualityTiers", "sleeves"];

export function catalogueView(catalogue: Catalogue): CatalogueView {
  const sections = {} as Record<CatalogueSection, MaterialOption[]>;
  for (const s of SECTIONS) sections[s] = ((catalogue[s] ?? []) as Row[]).map(option);
  const sizes: SizePreset[] = [];
  for (const raw of catalogue.sizes as Row[]) {
    const w = num(raw.widthMm);
    const h = num(raw.heightMm);
    if (w && h) sizes.push({ id: String(raw.id), label: str(raw.label) ?? `${w} × ${h} mm`, widthMm: Math.round(w), heightMm: Math.round(h) });
  }
  return { products: catalogue.products.map((p) => ({ slug: p.slug, name: p.name })), sections, sizes };
}

/** Materials of a section usable with the chosen quality tier (a material with tiers is valid only inside them). */
export function optionsForTier(options: MaterialOption[], tierId: string | undefined): MaterialOption[] {
  return options.filter((o) => o.tiers === null || (tierId ? o.tiers.includes(tierId) : false));
}

export function findOption(view: CatalogueView | null, section: CatalogueSection | undefined, id: string | undefined): MaterialOption | null {
  if (!view || !section || !id) return null;
  return view.sections[section].find((o) => o.id === id) ?? null;
}
