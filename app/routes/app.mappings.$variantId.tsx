// The mapping editor: studio product, the generated selections form, artwork source, a live to-scale
// preview, validation by sample quote (errors on their fields), bulk apply across sizes.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { Badge, Banner, BlockStack, Card, ChoiceList, FormLayout, Layout, Page, Select, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { authenticate } from "~/shopify.server";
import { editorAction, editorData, type EditorActionResult } from "~/ui/mapping-editor.server";
import { ORDERABLE_PRODUCTS, PRODUCT_NAMES, PRODUCT_SELECTIONS, type ProductSlug } from "~/models/print-products";
import { SelectionFields } from "~/components/mapping/SelectionFields";
import { QuotePanel } from "~/components/mapping/QuotePanel";
import { BulkApply } from "~/components/mapping/BulkApply";
import { FramePreview } from "~/components/preview/FramePreview";
import { RouteError } from "~/components/RouteError";
import { useToast } from "~/components/useToast";

export const meta: MetaFunction = () => [{ title: "Mapping · Print Studio" }];

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  return editorData(session.shop, admin.graphql, params.variantId);
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const body: unknown = await request.json().catch(() => null);
  return editorAction(session.shop, admin.graphql, params.variantId, body);
};

type ArtworkSource = "fixed_url" | "variant_image" | "line_item_property";

export default function MappingEditor() {
  const { variant, mapping, catalogue, catalogueError } = useLoaderData<typeof loader>();
  const toast = useToast();
  const navigate = useNavigate();
  const quoteFetcher = useFetcher<EditorActionResult>();
  const saveFetcher = useFetcher<EditorActionResult>();
  const bulkFetcher = useFetcher<EditorActionResult>();
  const deleteFetcher = useFetcher<EditorActionResult>();
  const [slug, setSlug] = useState<ProductSlug | "">(mapping?.productSlug ?? "");
  const [selections, setSelections] = useState<Record<string, string>>(mapping?.variantSelections ?? {});
  const [quantity, setQuantity] = useState(String(mapping?.quantityPerUnit ?? 1));
  const [source, setSource] = useState<ArtworkSource>(mapping?.artworkSource ?? "variant_image");
  const [artworkUrl, setArtworkUrl] = useState(mapping?.artworkUrl ?? "");
  const [artworkProperty, setArtworkProperty] = useState(mapping?.artworkProperty ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const config = { productSlug: slug, variantSelections: selections, quantityPerUnit: quantity, artworkSource: source, artworkUrl, artworkProperty };
  const post = (f: typeof quoteFetcher, body: Record<string, unknown>) => f.submit(JSON.parse(JSON.stringify(body)), { method: "post", encType: "application/json" });

  const quoteResult = quoteFetcher.data?.intent === "quote" ? quoteFetcher.data : null;
  const saveResult = saveFetcher.data?.intent === "save" ? saveFetcher.data : null;
  const quote = quoteResult?.ok ? quoteResult.quote : saveResult?.ok ? saveResult.quote : null;

  useEffect(() => {
    const r = quoteFetcher.state === "idle" ? quoteFetcher.data : undefined;
    if (!r || r.intent !== "quote") return;
    setErrors(r.ok ? {} : r.fieldErrors);
    setFormError(r.ok ? null : r.formError);
  }, [quoteFetcher.state, quoteFetcher.data]);
  useEffect(() => {
    const r = saveFetcher.state === "idle" ? saveFetcher.data : undefined;
    if (!r || r.intent !== "save") return;
    setErrors(r.ok ? {} : r.fieldErrors);
    setFormError(r.ok ? null : r.formError);
    if (r.ok) toast(r.warning ?? "Mapping saved", Boolean(r.warning));
    else toast("Mapping not saved: see the highlighted fields", true);
  }, [saveFetcher.state, saveFetcher.data, toast]);
  useEffect(() => {
    if (deleteFetcher.state === "idle" && deleteFetcher.data?.intent === "delete") {
      toast("Mapping removed");
      navigate("/app/mappings");
    }
  }, [deleteFetcher.state, deleteFetcher.data, toast, navigate]);
  useEffect(() => {
    if (bulkFetcher.state === "idle" && bulkFetcher.data?.intent === "bulk" && bulkFetcher.data.ok) toast(`Mapped ${bulkFetcher.data.saved} variants`);
  }, [bulkFetcher.state, bulkFetcher.data, toast]);

  const onSelections = (next: Record<string, string>) => {
    const changed = Object.keys({ ...next, ...selections }).filter((k) => (next[k] ?? "") !== (selections[k] ?? ""));
    setSelections(next);
    if (changed.length) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !changed.includes(k))));
  };
  const onSlug = (v: string) => {
    const next = v as ProductSlug | "";
    setSlug(next);
    if (next) {
      const keys = new Set(PRODUCT_SELECTIONS[next].map((k) => k.key));
      setSelections((s) => Object.fromEntries(Object.entries(s).filter(([k]) => keys.has(k) && k !== "mediaId")));
    }
    setErrors({});
  };
  const imageUrl = source === "fixed_url" ? (/^https:\/\//.test(artworkUrl) ? artworkUrl : null) : source === "variant_image" ? (variant.image?.url ?? variant.product.featuredImage?.url ?? null) : null;
  const bulkResult = bulkFetcher.data?.intent === "bulk" ? (bulkFetcher.data.ok ? { ok: true as const, saved: bulkFetcher.data.saved } : { ok: false as const, message: bulkFetcher.data.formError ?? "Check the sizes." }) : null;
  const title = variant.title === "Default Title" ? variant.product.title : `${variant.product.title} — ${variant.title}`;

  return (
    <Page
      title={title}
      backAction={{ content: "Product mappings", url: "/app/mappings" }}
      titleMetadata={mapping ? <Badge tone={mapping.status === "invalid" ? "critical" : "success"}>{mapping.status === "invalid" ? "Invalid" : "Mapped"}</Badge> : <Badge>Not mapped</Badge>}
      primaryAction={{ content: "Save", onAction: () => post(saveFetcher, { intent: "save", config }), loading: saveFetcher.state !== "idle", disabled: !slug }}
      secondaryActions={mapping ? [{ content: "Remove mapping", destructive: true, onAction: () => post(deleteFetcher, { intent: "delete" }), loading: deleteFetcher.state !== "idle" }] : []}
    >
      <Layout>
        {mapping?.status === "invalid" ? (
          <Layout.Section>
            <Banner tone="critical" title="This mapping is invalid">{mapping.invalidReason ?? "Choose another material and save."}</Banner>
          </Layout.Section>
        ) : null}
        {catalogueError ? (
          <Layout.Section>
            <Banner tone={catalogueError.reason === "not_configured" ? "warning" : "critical"} title="The studio's catalogue is not available" action={catalogueError.reason === "not_configured" ? { content: "Open Settings", url: "/app/settings" } : undefined}>
              {catalogueError.message}
            </Banner>
          </Layout.Section>
        ) : null}
        {formError && !quoteResult ? (
          <Layout.Section>
            <Banner tone="critical" title="Not saved">{formError}</Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="400">
                <Text as="h2" variant="headingMd">Print configuration</Text>
                <Select
                  label="Studio product"
                  requiredIndicator
                  options={[{ label: "Choose a studio product…", value: "" }, ...ORDERABLE_PRODUCTS.map((s) => ({ label: catalogue?.products.find((p) => p.slug === s)?.name ?? PRODUCT_NAMES[s], value: s }))]}
                  value={slug}
                  onChange={onSlug}
                  error={errors.productSlug}
                />
                {slug ? <SelectionFields slug={slug} selections={selections} onChange={onSelections} catalogue={catalogue} errors={errors} /> : null}
                <TextField label="Prints per unit sold" type="number" min={1} max={990} autoComplete="off" value={quantity} onChange={setQuantity} error={errors.quantityPerUnit} />
              </BlockStack>
            </Card>
            <Card>
              <FormLayout>
                <ChoiceList
                  title="Artwork"
                  choices={[
                    { label: "The variant's image in Shopify", value: "variant_image" },
                    { label: "A fixed file address", value: "fixed_url" },
                    { label: "The customer's upload (a line item property)", value: "line_item_property" },
                  ]}
                  selected={[source]}
                  onChange={([v]) => setSource(v as ArtworkSource)}
                  error={errors.artworkSource}
                />
                {source === "fixed_url" ? <TextField label="Artwork address (https)" type="url" autoComplete="off" value={artworkUrl} onChange={setArtworkUrl} error={errors.artworkUrl} requiredIndicator /> : null}
                {source === "line_item_property" ? <TextField label="Line item property with the artwork URL" autoComplete="off" value={artworkProperty} onChange={setArtworkProperty} error={errors.artworkProperty} requiredIndicator helpText="For example _artwork_url, as your upload app names it." /> : null}
              </FormLayout>
            </Card>
            {slug && variant.product.options.some((o) => o.values.length > 1) ? (
              <BulkApply
                options={variant.product.options}
                presets={catalogue?.sizes ?? []}
                applying={bulkFetcher.state !== "idle"}
                result={bulkResult}
                onApply={(optionName, sizes) => post(bulkFetcher, { intent: "bulk", config, optionName, sizes })}
              />
            ) : null}
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">Preview</Text>
                <FramePreview slug={slug} selections={selections} catalogue={catalogue} imageUrl={imageUrl} />
              </BlockStack>
            </Card>
            <QuotePanel
              quote={quote}
              formError={quoteResult && !quoteResult.ok ? formError ?? (Object.keys(quoteResult.fieldErrors).length ? "See the highlighted fields." : null) : null}
              checking={quoteFetcher.state !== "idle"}
              disabled={!slug || !catalogue}
              onCheck={() => post(quoteFetcher, { intent: "quote", config })}
            />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Mapping" backUrl="/app/mappings" backLabel="Product mappings" />;
}
