// One print order: its state, the reason and action when it needs attention, the actions that fit
// the state, the timeline of every step, the lines, parcels and totals.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { Badge, Banner, BlockStack, Button, ButtonGroup, Card, DataTable, InlineStack, Layout, Link, Modal, Page, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { authenticate } from "~/shopify.server";
import { getPrintOrderDetail, requirePrintOrder } from "~/ui/order-queries.server";
import { orderAction, type OrderActionResult } from "~/ui/order-actions.server";
import { jsonResponse } from "~/ui/responses.server";
import { formatDateTime, formatMoney } from "~/ui/format";
import { PRODUCT_NAMES } from "~/models/print-products";
import { StateBadge, StudioStatusBadge } from "~/components/StateBadge";
import { Timeline } from "~/components/orders/Timeline";
import { AddressForm, type AddressValues } from "~/components/orders/AddressForm";
import { RouteError } from "~/components/RouteError";
import { useToast } from "~/components/useToast";

export const meta: MetaFunction = () => [{ title: "Print order · Print Studio" }];

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return getPrintOrderDetail(session.shop, params.id);
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const id = await requirePrintOrder(session.shop, params.id); // 404 for another shop's order
  const result = await orderAction(session.shop, id, await request.json().catch(() => null));
  return jsonResponse(result, result.ok ? 200 : 400);
};

const ADDRESS_CODES = new Set(["SHIPPING_ADDRESS_INCOMPLETE", "SHIPPING_UNAVAILABLE", "ADDRESS_INCOMPLETE"]);
const STOPPED = new Set(["cancelled", "nothing_to_print", "fulfilled"]);

export default function OrderDetail() {
  const o = useLoaderData<typeof loader>();
  const fetcher = useFetcher<OrderActionResult>();
  const revalidator = useRevalidator();
  const toast = useToast();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!result) return;
    toast(result.message, !result.ok);
    if (result.ok) setConfirmCancel(false);
  }, [result, toast]);
  // orders in flight change under the worker: look again every few seconds while the page is open
  // (a waiting order starts moving once the merchant acted on it: keep looking after a successful action)
  const acted = fetcher.data?.ok === true;
  const moving = !STOPPED.has(o.state) && (acted || (o.state !== "needs_attention" && o.state !== "awaiting_approval"));
  useEffect(() => {
    if (!moving) return;
    const t = setInterval(() => { if (revalidator.state === "idle" && document.visibilityState === "visible") revalidator.revalidate(); }, 3000);
    return () => clearInterval(t);
  }, [moving, revalidator]);

  const run = (body: Record<string, unknown>) => fetcher.submit(JSON.parse(JSON.stringify(body)), { method: "post", encType: "application/json" });
  const canApprove = o.state === "awaiting_approval" || o.state === "scheduled";
  const canRetry = o.state === "needs_attention" || o.state === "waiting_credit";
  const canCancel = !STOPPED.has(o.state) && !o.cancelRequestedAt && o.studioStatus !== "shipped" && o.studioStatus !== "completed";
  const addressRefused = Boolean(o.attention && ADDRESS_CODES.has(o.attention.code)) && !o.studioOrderNumber;
  const a = o.shippingAddress ?? {};
  const currency = o.currency;

  return (
    <Page
      title={`Order ${o.name}`}
      backAction={{ content: "Print orders", url: "/app/orders" }}
      titleMetadata={
        <InlineStack gap="200">
          <StateBadge state={o.state} />
          <StudioStatusBadge status={o.studioStatus} />
          {o.environment === "test" ? <Badge tone="attention">Test</Badge> : null}
        </InlineStack>
      }
      subtitle={o.studioOrderNumber ? `Studio order ${o.studioOrderNumber}` : `Received ${formatDateTime(o.createdAt)}`}
    >
      <Layout>
        {o.attention ? (
          <Layout.Section>
            <Banner tone="critical" title="This order needs your attention">
              <BlockStack gap="100">
                <Text as="p">{o.attention.message ?? o.attention.code}</Text>
                {o.attention.action ? <Text as="p" fontWeight="semibold">What to do: {o.attention.action}</Text> : null}
                <Text as="p" tone="subdued" variant="bodySm">Code {o.attention.code}</Text>
              </BlockStack>
            </Banner>
          </Layout.Section>
        ) : null}
        {o.cancelRequestedAt ? (
          <Layout.Section>
            <Banner tone="warning" title="Cancellation requested">Requested {formatDateTime(o.cancelRequestedAt)}; the studio’s answer appears in the timeline.</Banner>
          </Layout.Section>
        ) : null}
        {o.state === "scheduled" && o.submitAfter ? (
          <Layout.Section>
            <Banner tone="info" title="Scheduled">Goes to the studio {formatDateTime(o.submitAfter)} unless you approve it sooner or cancel it.</Banner>
          </Layout.Section>
        ) : null}
        {o.refundDecision === "pending" ? (
          <Layout.Section>
            <Banner tone="warning" title="The studio cancelled this order" action={{ content: "Refunded", onAction: () => run({ intent: "refund", decision: "refunded" }) }} secondaryAction={{ content: "Dismiss", onAction: () => run({ intent: "refund", decision: "dismissed" }) }}>
              Refund the customer in Shopify or reprint, then record what you did.
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="400">
            {canApprove || canRetry || canCancel ? (
              <Card>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">Actions</Text>
                  <ButtonGroup>
                    {canApprove ? <Button variant="primary" onClick={() => run({ intent: "approve" })} loading={busy && fetcher.json !== undefined && (fetcher.json as { intent?: string }).intent === "approve"}>{o.state === "scheduled" ? "Send to the studio now" : "Approve and send to the studio"}</Button> : null}
                    {canRetry ? <Button onClick={() => run({ intent: "retry" })} loading={busy}>Retry now</Button> : null}
                    {canCancel ? <Button tone="critical" onClick={() => setConfirmCancel(true)}>{o.studioOrderNumber ? "Cancel at the studio" : "Cancel print order"}</Button> : null}
                  </ButtonGroup>
                </BlockStack>
              </Card>
            ) : null}
            {addressRefused ? (
              <Card>
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd">Correct the shipping address</Text>
                  <AddressForm initial={{ ...Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v ?? ""])), email: o.email ?? "" }} submitting={busy} onSubmit={(address: AddressValues) => run({ intent: "address", address })} />
                </BlockStack>
              </Card>
            ) : null}
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">Timeline</Text>
                <Timeline events={o.events} />
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">Print lines</Text>
                <DataTable
                  columnContentTypes={["text", "text", "numeric", "numeric", "numeric"]}
                  headings={["Item", "Studio product", "Sold", "Prints", "Studio amount"]}
                  rows={o.lines.map((l) => [l.title, (PRODUCT_NAMES as Record<string, string>)[l.productSlug] ?? l.productSlug, l.quantity, l.studioQuantity, l.amountCents === null ? "—" : formatMoney(l.amountCents, currency)])}
                />
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">Totals</Text>
                <InlineStack align="space-between"><Text as="span">Quoted</Text><Text as="span">{formatMoney(o.quoteTotalCents, currency)}</Text></InlineStack>
                <InlineStack align="space-between"><Text as="span">Billed by the studio</Text><Text as="span" fontWeight="semibold">{formatMoney(o.studioTotalCents, currency)}</Text></InlineStack>
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">Parcels</Text>
                {o.shipments.length === 0 ? <Text as="p" tone="subdued">None yet.</Text> : o.shipments.map((s) => (
                  <BlockStack key={s.id} gap="050">
                    <Text as="p">{s.carrier ?? "Carrier"} {s.trackingNumber}</Text>
                    {s.trackingUrl ? <Link url={s.trackingUrl} target="_blank">Track parcel</Link> : null}
                    <Text as="p" tone="subdued" variant="bodySm">{s.written ? "Tracking written to Shopify" : "Not yet written to Shopify"}</Text>
                  </BlockStack>
                ))}
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="100">
                <Text as="h2" variant="headingMd">Ship to</Text>
                {o.shippingAddress ? (
                  <>
                    <Text as="p">{a.name}</Text>
                    <Text as="p">{[a.line1, a.line2].filter(Boolean).join(", ")}</Text>
                    <Text as="p">{[a.city, a.state, a.postcode, a.country].filter(Boolean).join(" ")}</Text>
                  </>
                ) : <Text as="p" tone="subdued">No address (removed or not given).</Text>}
                {o.shippingLine?.title ? <Text as="p" tone="subdued">Shopify shipping: {o.shippingLine.title}</Text> : null}
              </BlockStack>
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
      <Modal
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title={o.studioOrderNumber ? `Cancel studio order ${o.studioOrderNumber}?` : "Cancel this print order?"}
        primaryAction={{ content: "Cancel order", destructive: true, loading: busy, onAction: () => run({ intent: "cancel" }) }}
        secondaryActions={[{ content: "Keep it", onAction: () => setConfirmCancel(false) }]}
      >
        <Modal.Section>
          <Text as="p">{o.studioOrderNumber ? "The studio cancels it unless it has already printed, shipped or invoiced it; its answer appears in the timeline." : "Nothing will be sent to the studio for this order."}</Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Print order" backUrl="/app/orders" backLabel="Print orders" />;
}
