// Every step of a print order, oldest first: received, artwork, quote, placement, studio status,
// parcels with tracking links, fulfilment written, errors and merchant actions.
import { BlockStack, Box, InlineStack, Link, Text } from "@shopify/polaris";
import { formatDateTime } from "~/ui/format";

export interface TimelineEvent { id: string; at: string; type: string; message: string; data: Record<string, unknown> }

const MARK: Record<string, { symbol: string; colour: string }> = {
  received: { symbol: "●", colour: "#2c6ecb" },
  artwork_uploaded: { symbol: "↑", colour: "#2c6ecb" },
  quoted: { symbol: "$", colour: "#2c6ecb" },
  placed: { symbol: "✓", colour: "#1a7f37" },
  studio_status: { symbol: "◆", colour: "#6d7175" },
  parcel: { symbol: "▣", colour: "#1a7f37" },
  fulfilment_written: { symbol: "✓", colour: "#1a7f37" },
  error: { symbol: "!", colour: "#c5280c" },
  cancelled: { symbol: "×", colour: "#6d7175" },
  studio_cancelled: { symbol: "×", colour: "#c5280c" },
};

export function Timeline({ events }: { events: TimelineEvent[] }) {
  if (events.length === 0) return <Text as="p" tone="subdued">No steps recorded yet.</Text>;
  return (
    <ol aria-label="Order timeline" style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {events.map((e) => {
        const mark = MARK[e.type] ?? { symbol: "•", colour: "#8a8a8a" };
        const url = typeof e.data.trackingUrl === "string" && /^https?:\/\//.test(e.data.trackingUrl) ? e.data.trackingUrl : null;
        return (
          <li key={e.id} data-event-type={e.type}>
            <Box paddingBlockEnd="300">
              <InlineStack gap="300" wrap={false} blockAlign="start">
                <span aria-hidden="true" style={{ color: mark.colour, fontWeight: 700, width: 16, textAlign: "center" }}>{mark.symbol}</span>
                <BlockStack gap="050">
                  <Text as="p">{e.message}</Text>
                  {url ? <Link url={url} target="_blank">Track parcel {String(e.data.trackingNumber ?? "")}</Link> : null}
                  <Text as="p" tone="subdued" variant="bodySm"><time dateTime={e.at}>{formatDateTime(e.at)}</time></Text>
                </BlockStack>
              </InlineStack>
            </Box>
          </li>
        );
      })}
    </ol>
  );
}
