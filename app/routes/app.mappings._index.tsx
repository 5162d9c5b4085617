// Product mappings: every Shopify product and variant (paged, searchable) with its mapping state.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Badge, Banner, BlockStack, Card, EmptyState, IndexTable, InlineStack, Layout, Page, Text, TextField, Thumbnail } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { authenticate } from "~/shopify.server";
import { mappingListData, type MappingState } from "~/ui/mapping-list.server";
import { RouteError } from "~/components/RouteError";

export const meta: MetaFunction = () => [{ title: "Product mappings · Print Studio" }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const url = new URL(request.url);
  const search = (url.searchParams.get("q") ?? "").slice(0, 100);
  return mappingListData(session.shop, admin.graphql, { search, after: url.searchParams.get("after"), before: url.searchParams.get("before") });
};

const STATE_BADGE: Record<MappingState, { label: string; tone: "success" | "critical" | undefined }> = {
  mapped: { label: "Mapped", tone: "success" },
  invalid: { label: "Invalid", tone: "critical" },
  not_mapped: { label: "Not mapped", tone: undefined },
};

export default function Mappings() {
  const { rows, pageInfo, totals, search } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const [query, setQuery] = useState(search);
  useEffect(() => setQuery(search), [search]);
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/app/mappings";

  const submitSearch = () => {
    const next = new URLSearchParams();
    if (query.trim()) next.set("q", query.trim());
    setParams(next);
  };
  const page = (dir: "after" | "before", cursor: string | null) => {
    if (!cursor) return;
    const next = new URLSearchParams(params);
    next.delete("after");
    next.delete("before");
    next.set(dir, cursor);
    setParams(next);
  };

  return (
    <Page title="Product mappings" subtitle="Choose which print configuration the studio makes for each variant you sell.">
      <Layout>
        {totals.invalid > 0 ? (
          <Layout.Section>
            <Banner tone="critical" title={`${totals.invalid} mapping${totals.invalid === 1 ? " is" : "s are"} invalid`}>
              A material was withdrawn from the studio’s catalogue. Orders for these variants wait until you choose another.
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <Card padding="0">
            <BlockStack>
              <div style={{ padding: "12px" }}>
                <form
                  role="search"
                  onSubmit={(e) => {
                    e.preventDefault();
                    submitSearch();
                  }}
                >
                  <TextField label="Search products" labelHidden placeholder="Search products by title" value={query} onChange={setQuery} autoComplete="off" clearButton onClearButtonClick={() => { setQuery(""); setParams(new URLSearchParams()); }} />
                </form>
              </div>
              {rows.length === 0 && !loading ? (
                <EmptyState heading={search ? `No products match “${search}”` : "No products yet"} image="">
                  <p>{search ? "Try another title." : "Add products in Shopify, then map them to print configurations here."}</p>
                </EmptyState>
              ) : (
                <IndexTable
                  resourceName={{ singular: "variant", plural: "variants" }}
                  itemCount={rows.length}
                  selectable={false}
                  loading={loading}
                  headings={[{ title: "Product" }, { title: "Variant" }, { title: "Price" }, { title: "State" }, { title: "Print configuration" }]}
                  pagination={{ hasNext: pageInfo.hasNextPage, hasPrevious: pageInfo.hasPreviousPage, onNext: () => page("after", pageInfo.endCursor), onPrevious: () => page("before", pageInfo.startCursor) }}
                >
                  {rows.map((r, i) => (
                    <IndexTable.Row id={r.variantId} key={r.variantId} position={i}>
                      <IndexTable.Cell>
                        <InlineStack gap="200" blockAlign="center" wrap={false}>
                          <Thumbnail size="small" source={r.imageUrl ?? "data:image/gif;base64,R0lGODlhAQABAAAAACw="} alt="" />
                          <Link to={`/app/mappings/${r.variantId}`} data-primary-link>
                            <Text as="span" fontWeight="semibold">{r.productTitle}</Text>
                          </Link>
                        </InlineStack>
                      </IndexTable.Cell>
                      <IndexTable.Cell>
                        {r.variantTitle || "—"}
                        {r.moreVariants > 0 ? <Text as="span" tone="subdued">{` and ${r.moreVariants} more (use “Apply to all sizes” in a variant)`}</Text> : null}
                      </IndexTable.Cell>
                      <IndexTable.Cell>{r.price}</IndexTable.Cell>
                      <IndexTable.Cell>
                        <Badge tone={STATE_BADGE[r.state].tone}>{STATE_BADGE[r.state].label}</Badge>
                      </IndexTable.Cell>
                      <IndexTable.Cell>
                        {r.state === "invalid" ? <Text as="span" tone="critical">{r.reason ?? "Invalid"}</Text> : (r.studioProduct ?? <Link to={`/app/mappings/${r.variantId}`}>Map to a print</Link>)}
                      </IndexTable.Cell>
                    </IndexTable.Row>
                  ))}
                </IndexTable>
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <Text as="p" tone="subdued">{totals.mapped} variant{totals.mapped === 1 ? "" : "s"} mapped in this shop.</Text>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Product mappings" backUrl="/app" backLabel="Home" />;
}
