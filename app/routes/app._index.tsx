// Home: health at a glance (orders by state this week, what needs the merchant, setup doctor,
// studio spend this month) with a banner while the studio key is a test key.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, InlineGrid, InlineStack, Layout, Page, Text } from "@shopify/polaris";
import { authenticate } from "~/shopify.server";
import { dashboardData } from "~/ui/dashboard.server";
import { formatMoney, stateBadge } from "~/ui/format";
import { StateBadge } from "~/components/StateBadge";
import { SpendChart } from "~/components/SpendChart";
import { SetupDoctor } from "~/components/SetupDoctor";
import { RouteError } from "~/components/RouteError";

export const meta: MetaFunction = () => [{ title: "Home · Print Studio" }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  return dashboardData(session.shop, admin.graphql);
};

export default function Home() {
  const d = useLoaderData<typeof loader>();
  const weekTotal = Object.values(d.byState).reduce((a, b) => a + b, 0);
  return (
    <Page title="Print Studio">
      <Layout>
        {d.environment === "test" ? (
          <Layout.Section>
            <Banner tone="warning" title="Test environment" action={{ content: "Settings", url: "/app/settings" }}>
              Your studio key is a test key: orders are priced and placed but never printed, shipped or invoiced.
            </Banner>
          </Layout.Section>
        ) : null}
        {!d.doctor.hasKey ? (
          <Layout.Section>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">Connect your print studio</Text>
                <Text as="p">Paste your studio API key to start: orders for mapped products then go to the studio on their own, and tracking comes back to Shopify.</Text>
                <InlineStack><Button variant="primary" url="/app/settings">Set up</Button></InlineStack>
              </BlockStack>
            </Card>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <InlineStack align="space-between">
                  <Text as="h2" variant="headingMd">Needs attention</Text>
                  {d.queueCount > d.queue.length ? <Link to="/app/orders?state=needs_attention">All {d.queueCount}</Link> : null}
                </InlineStack>
                {d.queue.length === 0 ? (
                  <Text as="p" tone="subdued">Nothing needs you right now.</Text>
                ) : (
                  <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 12 }} aria-label="Orders that need attention">
                    {d.queue.map((q) => (
                      <li key={q.id}>
                        <InlineStack align="space-between" blockAlign="start" wrap={false} gap="300">
                          <BlockStack gap="050">
                            <InlineStack gap="200" blockAlign="center">
                              <Link to={`/app/orders/${q.id}`}><Text as="span" fontWeight="semibold">{q.name}</Text></Link>
                              <StateBadge state={q.state} />
                            </InlineStack>
                            <Text as="p">{q.reason}</Text>
                            <Text as="p" tone="subdued">{q.action}</Text>
                          </BlockStack>
                          <Button url={`/app/orders/${q.id}`} accessibilityLabel={`Open order ${q.name}`}>Open</Button>
                        </InlineStack>
                      </li>
                    ))}
                  </ul>
                )}
              </BlockStack>
            </Card>
            <SetupDoctor d={d.doctor} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">Last 7 days</Text>
                <Text as="p" variant="headingLg">{weekTotal} print order{weekTotal === 1 ? "" : "s"}</Text>
                <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 6 }} aria-label="Print orders by state, last 7 days">
                  {Object.entries(d.byState).sort((a, b) => b[1] - a[1]).map(([state, n]) => (
                    <li key={state}>
                      <InlineStack align="space-between">
                        <Link to={`/app/orders?state=${encodeURIComponent(state)}`} aria-label={`${stateBadge(state).label}: ${n}`}><StateBadge state={state} /></Link>
                        <Text as="span" numeric>{n}</Text>
                      </InlineStack>
                    </li>
                  ))}
                </ul>
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">Studio spend this month</Text>
                <InlineGrid columns={2}>
                  <Text as="p" variant="headingLg">{formatMoney(d.spend.totalCents, d.spend.currency)}</Text>
                  <Text as="p" tone="subdued" alignment="end">{d.spend.orders} order{d.spend.orders === 1 ? "" : "s"} placed</Text>
                </InlineGrid>
                <SpendChart perDay={d.spend.perDay} currency={d.spend.currency} />
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Print Studio" backUrl="/app/orders" backLabel="Print orders" />;
}
