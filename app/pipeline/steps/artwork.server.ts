// Step "artwork": every print line gets a studio upload `url`, each one a recovery point of its
// own. The same source already uploaded for this shop and studio environment is reused.
import db from "~/db.server";
import { getMappingsForVariants } from "~/models/variant-mapping.server";
import { variantImageUrl } from "~/shopify/fulfillment.server";
import { safeUrl, uploadArtwork } from "../artwork-upload.server";
import { attention, attentionFields } from "../attention";
import type { StepContext, StepResult } from "../context.server";

/** Refreshes the line snapshots from the current mappings (after the merchant fixed one). */
async function refreshMappings(ctx: StepContext): Promise<void> {
  const mappings = await getMappingsForVariants(ctx.po.shopDomain, ctx.po.lines.map((l) => l.variantGid));
  for (const line of ctx.po.lines) {
    const m = mappings.get(line.variantGid);
    if (!m || m.status !== "mapped") continue;
    const variantSelections = JSON.stringify(m.variantSelections);
    const studioQuantity = line.quantity * m.quantityPerUnit;
    if (line.productSlug === m.productSlug && line.variantSelections === variantSelections && line.studioQuantity === studioQuantity) continue;
    await ctx.saveLine(line.id, { productSlug: m.productSlug, variantSelections, studioQuantity });
  }
}

export async function artworkStep(ctx: StepContext): Promise<StepResult> {
  const { po } = ctx;
  // A mapping fixed since the order was received (e.g. after MAPPING_INVALID) applies from here on.
  await refreshMappings(ctx);
  const studio = await ctx.deps.studio(po.shopDomain);
  for (const line of po.lines) {
    if (line.artworkUploadUrl) continue;
    let source = line.artworkSourceUrl;
    if (!source) {
      source = await variantImageUrl(await ctx.deps.shopify(po.shopDomain), line.variantGid);
      if (!source) {
        return {
          data: {
            state: "needs_attention",
            nextAttemptAt: null,
            ...attentionFields(attention("ARTWORK_MISSING", `“${line.title}” has no artwork: the variant has no image and no other source is mapped.`, "Add an image to the variant in Shopify, or change the mapping's artwork source, then press Retry.")),
          },
          events: [{ type: "error", message: `No artwork for “${line.title}”.` }],
        };
      }
      await ctx.saveLine(line.id, { artworkSourceUrl: source });
    }
    const key = { shopDomain: po.shopDomain, environment: studio.environment, sourceUrl: source };
    const known = await db.artworkUpload.findUnique({ where: { shopDomain_environment_sourceUrl: key } });
    if (known) {
      await ctx.saveLine(line.id, { artworkUploadUrl: known.studioUrl }, [
        { type: "artwork_uploaded", message: `Artwork for “${line.title}” reused from an earlier upload.`, data: { source: safeUrl(source) } },
      ]);
      continue;
    }
    const uploaded = await uploadArtwork(studio, source, { maxBytes: ctx.config.maxArtworkBytes, allowedOrigins: ctx.config.artworkOrigins, signal: ctx.signal });
    await db.artworkUpload.upsert({
      where: { shopDomain_environment_sourceUrl: key },
      create: { ...key, studioUrl: uploaded.url, contentType: uploaded.contentType, sizeBytes: uploaded.sizeBytes },
      update: { studioUrl: uploaded.url, contentType: uploaded.contentType, sizeBytes: uploaded.sizeBytes },
    });
    await ctx.saveLine(line.id, { artworkUploadUrl: uploaded.url }, [
      {
        type: "artwork_uploaded",
        message: `Artwork for “${line.title}” uploaded to the studio (${Math.ceil(uploaded.sizeBytes / 1024)} KB).`,
        data: { source: safeUrl(source), sizeBytes: uploaded.sizeBytes, contentType: uploaded.contentType },
      },
    ]);
  }
  return { data: { state: "artwork_ready", nextAttemptAt: new Date(), ...attentionFields(null) } };
}
