// Print orders, newest first: filter by state, search by Shopify order name, keyset paging.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Badge, BlockStack, Card, EmptyState, IndexTable, InlineStack, Layout, Page, Select, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { authenticate } from "~/shopify.server";
import { listPrintOrders } from "~/ui/order-queries.server";
import { formatDateTime, formatMoney, stateBadge } from "~/ui/format";
import { StateBadge, StudioStatusBadge } from "~/components/StateBadge";
import { RouteError } from "~/components/RouteError";

export const meta: MetaFunction = () => [{ title: "Print orders · Print Studio" }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const url = new URL(request.url);
  const state = url.searchParams.get("state");
  return listPrintOrders(session.shop, {
    state: state && /^[a-z_]{1,40}$/.test(state) ? state : null,
    search: (url.searchParams.get("q") ?? "").slice(0, 60),
    after: url.searchParams.get("after"),
    before: url.searchParams.get("before"),
  });
};

export default function Orders() {
  const { orders, pageInfo, stateCounts, knownStates } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const [query, setQuery] = useState(params.get("q") ?? "");
  const q = params.get("q") ?? "";
  useEffect(() => setQuery(q), [q]);
  const state = params.get("state") ?? "";
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/app/orders";
  const total = Object.values(stateCounts).reduce((a, b) => a + b, 0);
  const states = [...new Set([...knownStates, ...Object.keys(stateCounts)])];

  const go = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    next.delete("after");
    next.delete("before");
    for (const [k, v] of Object.entries(patch)) if (v) next.set(k, v); else next.delete(k);
    setParams(next);
  };

  return (
    <Page title="Print orders" subtitle="Every paid order with something to print, newest first.">
      <Layout>
        <Layout.Section>
          <Card padding="0">
            <BlockStack>
              <div style={{ padding: "12px" }}>
                <InlineStack gap="300" wrap={false} blockAlign="end">
                  <div style={{ flex: 1 }}>
                    <form role="search" onSubmit={(e) => { e.preventDefault(); go({ q: query.trim() || null }); }}>
                      <TextField label="Search by Shopify order name" labelHidden placeholder="Search by order name, e.g. #1001" value={query} onChange={setQuery} autoComplete="off" clearButton onClearButtonClick={() => { setQuery(""); go({ q: null }); }} />
                    </form>
                  </div>
                  <Select
                    label="State"
                    labelInline
                    options={[{ label: `All (${total})`, value: "" }, ...states.map((s) => ({ label: `${stateBadge(s).label} (${stateCounts[s] ?? 0})`, value: s }))]}
                    value={state}
                    onChange={(v) => go({ state: v || null })}
                  />
                </InlineStack>
              </div>
              {orders.length === 0 && !loading ? (
                <EmptyState heading={q || state ? "No print orders match" : "No print orders yet"} image="">
                  <p>{q || state ? "Try another search or state." : "Paid orders with mapped products appear here as soon as Shopify reports them."}</p>
                </EmptyState>
              ) : (
                <IndexTable
                  resourceName={{ singular: "print order", plural: "print orders" }}
                  itemCount={orders.length}
                  selectable={false}
                  loading={loading}
                  headings={[{ title: "Order" }, { title: "Date" }, { title: "State" }, { title: "Studio" }, { title: "Lines", alignment: "end" }, { title: "Studio total", alignment: "end" }]}
                  pagination={{
                    hasNext: pageInfo.hasNextPage,
                    hasPrevious: pageInfo.hasPreviousPage,
                    onNext: () => pageInfo.endCursor && setParams((p) => { const n = new URLSearchParams(p); n.delete("before"); n.set("after", pageInfo.endCursor as string); return n; }),
                    onPrevious: () => pageInfo.startCursor && setParams((p) => { const n = new URLSearchParams(p); n.delete("after"); n.set("before", pageInfo.startCursor as string); return n; }),
                  }}
                >
                  {orders.map((o, i) => (
                    <IndexTable.Row id={o.id} key={o.id} position={i}>
                      <IndexTable.Cell>
                        <InlineStack gap="200" blockAlign="center">
                          <Link to={`/app/orders/${o.id}`} data-primary-link>
                            <Text as="span" fontWeight="semibold">{o.name}</Text>
                          </Link>
                          {o.test ? <Badge tone="attention">Test</Badge> : null}
                        </InlineStack>
                        {o.attention ? <Text as="p" tone="critical" truncate>{o.attention}</Text> : null}
                      </IndexTable.Cell>
                      <IndexTable.Cell>{formatDateTime(o.createdAt)}</IndexTable.Cell>
                      <IndexTable.Cell><StateBadge state={o.state} /></IndexTable.Cell>
                      <IndexTable.Cell>
                        <InlineStack gap="100">
                          {o.studioOrderNumber ? <Text as="span">{o.studioOrderNumber}</Text> : null}
                          <StudioStatusBadge status={o.studioStatus} />
                        </InlineStack>
                      </IndexTable.Cell>
                      <IndexTable.Cell><Text as="span" alignment="end" numeric>{o.lines}</Text></IndexTable.Cell>
                      <IndexTable.Cell><Text as="span" alignment="end" numeric>{o.totalCents === null ? "—" : formatMoney(o.totalCents, o.currency)}</Text></IndexTable.Cell>
                    </IndexTable.Row>
                  ))}
                </IndexTable>
              )}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Print orders" backUrl="/app" backLabel="Home" />;
}
