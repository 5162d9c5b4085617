// zod 4 shapes of every Partner API response (spec: print-partner-api-v1.md, "Resources").
// Lenient where the spec says "not shown": timestamps are plain strings, untyped catalogue
// fields are `unknown`, unknown order statuses / event types pass through as strings.
import { z } from "zod";

/** Known order statuses; new ones may appear (spec, Order.status), so the type stays open. */
export const KNOWN_ORDER_STATUSES = ["received", "in_production", "on_hold", "shipped", "completed", "cancelled"] as const;
export type KnownOrderStatus = (typeof KNOWN_ORDER_STATUSES)[number];
export type OrderStatus = KnownOrderStatus | (string & {});

const cents = z.number().int().min(-9007199254740991).max(9007199254740991);
/** "string or null": a missing value is read as null rather than rejected. */
const nullableString = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
const openString = <T extends string>() => z.custom<T>((v) => typeof v === "string", "expected a string");

export const QuoteLineSchema = z.object({
  externalReference: nullableString,
  productSlug: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  unitPriceCents: cents,
  amountCents: cents,
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

export const QuoteSchema = z.object({
  quoteId: z.string(),
  currency: z.string(),
  environment: z.string(),
  pricingVersion: z.number().int(),
  expiresAt: z.string(),
  consumedAt: nullableString,
  lines: z.array(QuoteLineSchema),
  subtotalCents: cents,
  shippingCents: cents,
  shippingMethod: nullableString,
  discountCents: cents,
  discountReason: nullableString,
  discountLabel: nullableString,
  rushFeeCents: cents,
  promisedReadyDate: nullableString,
  totalCents: cents,
  gstCents: cents,
});
export type Quote = z.infer<typeof QuoteSchema>;

export const ShipmentSchema = z.object({
  carrier: nullableString,
  trackingNumber: z.string(),
  trackingUrl: nullableString,
  shippedAt: nullableString,
});
export type Shipment = z.infer<typeof ShipmentSchema>;

export const OrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  status: openString<OrderStatus>(),
  environment: z.string(),
  isTest: z.boolean(),
  quoteId: nullableString,
  currency: z.string(),
  lines: z.array(QuoteLineSchema),
  subtotalCents: cents,
  shippingCents: cents,
  discountCents: cents,
  totalCents: cents,
  gstCents: cents,
  promisedReadyDate: nullableString,
  // "Always an array"; a null is read as no parcels rather than crashing a reader.
  shipments: z
    .array(ShipmentSchema)
    .nullish()
    .transform((v) => v ?? []),
  createdAt: z.string(),
});
export type Order = z.infer<typeof OrderSchema>;

export const ShippingOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: nullableString,
  estimatedDelivery: z.string(),
  isCollection: z.boolean(),
  priceCents: cents,
  requiresQuote: z.boolean(),
});
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;

export const UploadTargetSchema = z.object({
  uploadUrl: z.string(),
  contentType: z.string(),
  url: z.string(),
  key: z.string(),
});
export type UploadTarget = z.infer<typeof UploadTargetSchema>;

// --- Catalogue. Identifiers are normalised to strings (variantSelections values are strings);
// fields whose types the spec does not show stay `unknown`; extra fields pass through.
const catalogueId = z.union([z.string(), z.number()]).transform(String);
const tierIds = z
  .array(catalogueId)
  .nullish()
  .transform((v) => v ?? null);
const untyped = z.unknown();

export const CatalogueProductSchema = z.looseObject({
  slug: z.string(),
  name: z.string(),
  description: untyped,
  category: nullableString,
  requiresArtwork: z.boolean(),
});
export const MediaStockSchema = z.looseObject({
  id: catalogueId,
  name: untyped,
  clientTitle: untyped,
  description: untyped,
  imageUrl: untyped,
  storefrontTier: untyped,
  surfaceType: untyped,
  gramsPerSqm: untyped,
  maxPrintWidthMm: untyped,
});
export const SizeSchema = z.looseObject({ id: catalogueId, label: untyped, sizeCategory: untyped, widthMm: untyped, heightMm: untyped });
export const MouldingSchema = z.looseObject({
  id: catalogueId,
  name: untyped,
  clientTitle: untyped,
  widthMm: untyped,
  depthMm: untyped,
  maxLengthMm: untyped,
  colour: untyped,
  colourHex: untyped,
  imageUrl: untyped,
  canvasFloatSuitable: z.boolean(),
  qualityTierIds: tierIds,
});
export const MatboardSchema = z.looseObject({
  id: catalogueId,
  name: untyped,
  clientTitle: untyped,
  colour: untyped,
  colourHex: untyped,
  coreColour: untyped,
  coreColourHex: untyped,
  isAcidFree: z.boolean(),
  isMuseumGrade: z.boolean(),
  qualityTierIds: tierIds,
});
export const GlazingSchema = z.looseObject({
  id: catalogueId,
  name: untyped,
  clientTitle: untyped,
  description: untyped,
  imageUrl: untyped,
  isUvProtective: z.boolean(),
  isAntiReflective: z.boolean(),
  isAcrylic: z.boolean(),
  qualityTierIds: tierIds,
});
export const BackingSchema = z.looseObject({
  id: catalogueId,
  name: untyped,
  clientTitle: untyped,
  description: untyped,
  imageUrl: untyped,
  isAcidFree: z.boolean(),
  qualityTierIds: tierIds,
});
export const QualityTierSchema = z.looseObject({ id: catalogueId, name: untyped, slug: untyped, description: untyped, imageUrl: untyped });
export const SleeveSchema = z.looseObject({ sizeCode: catalogueId, widthMm: untyped, heightMm: untyped });

export const CatalogueSchema = z.looseObject({
  products: z.array(CatalogueProductSchema),
  media: z.array(MediaStockSchema),
  canvasMedia: z.array(MediaStockSchema),
  everydayArtMedia: z.array(MediaStockSchema),
  sizes: z.array(SizeSchema),
  mouldings: z.array(MouldingSchema),
  canvasMouldings: z.array(MouldingSchema),
  matboards: z.array(MatboardSchema),
  glazing: z.array(GlazingSchema),
  backing: z.array(BackingSchema),
  qualityTiers: z.array(QualityTierSchema),
  sleeves: z.array(SleeveSchema),
});
export type Catalogue = z.infer<typeof CatalogueSchema>;
export type CatalogueProduct = z.infer<typeof CatalogueProductSchema>;
export type MediaStock = z.infer<typeof MediaStockSchema>;

// --- Envelope
export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string().catch(""),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const EnvelopeSchema = z.object({
  data: z.unknown(),
  error: ErrorBodySchema.nullish(),
  nextCursor: z.unknown().optional(),
});

// --- Webhook events
export const KNOWN_EVENT_TYPES = [
  "order.received",
  "order.in_production",
  "order.on_hold",
  "order.shipped",
  "order.completed",
  "order.cancelled",
] as const;
export type StudioEventType = (typeof KNOWN_EVENT_TYPES)[number] | (string & {});

export const StudioEventSchema = z.looseObject({
  id: z.string().min(1),
  type: openString<StudioEventType>(),
  data: OrderSchema,
});
export type StudioEvent = { id: string; type: StudioEventType; data: Order };

// --- Request bodies (types only: the server validates, unknown fields are ignored by it)
export type RushTier = "standard" | "express" | "critical";
export interface ShippingAddress {
  name: string;
  company?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone?: string | null;
  email: string;
}
export interface QuoteItem {
  productSlug: string;
  quantity: number;
  variantSelections: Record<string, string>;
  imageUrl?: string | null;
  externalReference?: string | null;
}
export interface QuoteRequest {
  items: QuoteItem[];
  shippingMethodId?: string | null;
  shippingAddress: ShippingAddress;
  rushTier?: RushTier;
  whiteLabel?: boolean;
}
export interface OrderRequest {
  quoteId: string;
  specialInstructions?: string | null;
}
export interface UploadRequest {
  filename: string;
  contentType: string;
  sizeBytes: number;
}

export const UPLOAD_MAX_BYTES = 524_288_000;
export const UPLOAD_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp", "image/tiff", "image/heic"] as const;
