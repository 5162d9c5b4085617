// Catalogue view and material look-ups, both honouring withdrawals made via /__studio/catalogue/withdraw.
import {
  BACKING, CANVAS_MEDIA, EVERYDAY_ART_MEDIA, GLAZING, MATBOARDS, MEDIA, MOULDINGS, PRODUCTS, QUALITY_TIERS, SIZES, SLEEVES,
  type Backing, type Glazing, type Matboard, type MediaStock, type Moulding, type QualityTier, type Sleeve,
} from "./catalogue-data";
import type { State } from "./store";

export const CATALOGUE_SECTIONS = [
  "products", "media", "canvasMedia", "everydayArtMedia", "sizes", "mouldings", "canvasMouldings",
  "matboards", "glazing", "backing", "qualityTiers", "sleeves",
] as const;
export type CatalogueSection = (typeof CATALOGUE_SECTIONS)[number];

/** canvasMouldings is a view over mouldings: withdrawing a moulding removes it from both. */
const pool = (section: CatalogueSection): CatalogueSection => (section === "canvasMouldings" ? "mouldings" : section);
const withdrawnKey = (section: CatalogueSection, id: string): string => `${pool(section)}:${id}`;

interface Identified {
  id?: string;
  slug?: string;
  sizeCode?: string;
}
const idOf = (item: Identified): string => item.id ?? item.sizeCode ?? item.slug ?? "";

function rawSection(section: CatalogueSection): Identified[] {
  switch (section) {
    case "products": return PRODUCTS;
    case "media": return MEDIA;
    case "canvasMedia": return CANVAS_MEDIA;
    case "everydayArtMedia": return EVERYDAY_ART_MEDIA;
    case "sizes": return SIZES;
    case "mouldings": return MOULDINGS;
    case "canvasMouldings": return MOULDINGS.filter((m) => m.canvasFloatSuitable);
    case "matboards": return MATBOARDS;
    case "glazing": return GLAZING;
    case "backing": return BACKING;
    case "qualityTiers": return QUALITY_TIERS;
    case "sleeves": return SLEEVES;
  }
}

export class Catalogue {
  constructor(private readonly state: State) {}

  isWithdrawn(section: CatalogueSection, id: string): boolean {
    return this.state.withdrawn.has(withdrawnKey(section, id));
  }

  /** Returns false when the section has no such (still available) item. */
  withdraw(section: CatalogueSection, id: string): boolean {
    if (section === "products") return false;
    const exists = rawSection(section).some((item) => idOf(item) === id);
    if (!exists || this.isWithdrawn(section, id)) return false;
    this.state.withdrawn.add(withdrawnKey(section, id));
    return true;
  }

  view(): Record<CatalogueSection, unknown[]> {
    const out = {} as Record<CatalogueSection, unknown[]>;
    for (const section of CATALOGUE_SECTIONS) {
      out[section] = rawSection(section).filter((item) => !this.isWithdrawn(section, idOf(item)));
    }
    return out;
  }

  private find<T extends Identified>(section: CatalogueSection, id: string): T | undefined {
    if (this.isWithdrawn(section, id)) return undefined;
    return rawSection(section).find((item) => idOf(item) === id) as T | undefined;
  }

  media(id: string): MediaStock | undefined { return this.find("media", id); }
  canvasMedia(id: string): MediaStock | undefined { return this.find("canvasMedia", id); }
  everydayArtMedia(id: string): MediaStock | undefined { return this.find("everydayArtMedia", id); }
  moulding(id: string): Moulding | undefined { return this.find("mouldings", id); }
  canvasMoulding(id: string): Moulding | undefined { return this.find("canvasMouldings", id); }
  matboard(id: string): Matboard | undefined { return this.find("matboards", id); }
  glazing(id: string): Glazing | undefined { return this.find("glazing", id); }
  backing(id: string): Backing | undefined { return this.find("backing", id); }
  qualityTier(id: string): QualityTier | undefined { return this.find("qualityTiers", id); }
  sleeve(sizeCode: string): Sleeve | undefined { return this.find("sleeves", sizeCode); }
}
