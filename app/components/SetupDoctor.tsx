// The setup doctor: what keeps print orders from flowing, each with where to fix it.
import { Badge, BlockStack, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { formatDateTime } from "~/ui/format";

export interface DoctorData {
  hasKey: boolean;
  hasWebhookSecret: boolean;
  lastStudioWebhookAt: string | null;
  mapped: number;
  invalid: number;
  nothingToPrint: number;
  unmappedSold: { ok: true; variants: Array<{ variantId: string; title: string; orders: string[] }> } | { ok: false; message: string };
}

function Check({ ok, warn, title, children }: { ok: boolean; warn?: boolean; title: string; children?: React.ReactNode }) {
  return (
    <li>
      <InlineStack gap="200" blockAlign="start" wrap={false}>
        <Badge tone={ok ? "success" : warn ? "warning" : "critical"}>{ok ? "OK" : warn ? "Check" : "Missing"}</Badge>
        <BlockStack gap="050">
          <Text as="span" fontWeight="semibold">{title}</Text>
          {children}
        </BlockStack>
      </InlineStack>
    </li>
  );
}

export function SetupDoctor({ d }: { d: DoctorData }) {
  const sold = d.unmappedSold;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">Setup doctor</Text>
        <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 12 }}>
          <Check ok={d.hasKey} title="Studio API key">{d.hasKey ? null : <Link url="/app/settings">Paste your key in Settings</Link>}</Check>
          <Check ok={d.hasWebhookSecret} warn title="Studio webhook secret">{d.hasWebhookSecret ? null : <Link url="/app/settings">Add the webhook secret</Link>}</Check>
          <Check ok={Boolean(d.lastStudioWebhookAt)} warn title="Studio webhook received">
            <Text as="span" tone="subdued">{d.lastStudioWebhookAt ? `Last one ${formatDateTime(d.lastStudioWebhookAt)}` : "Not yet: status changes are polled until the studio registers the webhook."}</Text>
          </Check>
          <Check ok={d.mapped > 0 && d.invalid === 0} warn={d.mapped > 0} title={`${d.mapped} variant${d.mapped === 1 ? "" : "s"} mapped${d.invalid ? `, ${d.invalid} invalid` : ""}`}>
            <Link url="/app/mappings">{d.invalid ? "Fix invalid mappings" : "Product mappings"}</Link>
          </Check>
          <Check ok={sold.ok && sold.variants.length === 0} warn={!sold.ok} title="Everything that sold has a print configuration">
            {!sold.ok ? <Text as="span" tone="subdued">{sold.message}</Text> : null}
            {sold.ok && sold.variants.length > 0 ? (
              <ul style={{ margin: 0, paddingLeft: 16 }}>
                {sold.variants.map((v) => (
                  <li key={v.variantId}>
                    <Link url={`/app/mappings/${v.variantId}`}>{v.title || `Variant ${v.variantId}`}</Link>{" "}
                    <Text as="span" tone="subdued">sold in {v.orders.slice(0, 3).join(", ")}{v.orders.length > 3 ? "…" : ""}</Text>
                  </li>
                ))}
              </ul>
            ) : null}
            {d.nothingToPrint > 0 ? <Text as="span" tone="subdued">{d.nothingToPrint} paid order{d.nothingToPrint === 1 ? "" : "s"} this week had nothing to print.</Text> : null}
          </Check>
        </ul>
      </BlockStack>
    </Card>
  );
}
