import { Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { formatMoney } from "~/ui/format";
import type { QuoteSummary } from "~/ui/mapping-editor.server";

export function QuotePanel({ quote, formError, checking, onCheck, disabled }: { quote: QuoteSummary | null; formError: string | null; checking: boolean; onCheck: () => void; disabled: boolean }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">Price check</Text>
        <Text as="p" tone="subdued">A sample quote for one unit sent to your shop’s address validates the configuration with the studio.</Text>
        {formError ? <Banner tone="critical" title="The price check failed">{formError}</Banner> : null}
        {quote ? (
          <BlockStack gap="100" >
            <InlineStack align="space-between"><Text as="span">Studio price (print)</Text><Text as="span" fontWeight="semibold">{formatMoney(quote.lineCents, quote.currency)}</Text></InlineStack>
            <InlineStack align="space-between"><Text as="span">Sample shipping</Text><Text as="span">{formatMoney(quote.shippingCents, quote.currency)}</Text></InlineStack>
            <InlineStack align="space-between"><Text as="span">Your retail price</Text><Text as="span">{formatMoney(quote.retailCents, quote.shopCurrency)}</Text></InlineStack>
            <InlineStack align="space-between">
              <Text as="span">Margin</Text>
              <Text as="span" fontWeight="bold" tone={quote.marginPercent !== null && quote.marginPercent < 0 ? "critical" : "success"}>
                {quote.marginPercent === null ? `— (studio bills ${quote.currency}, shop sells in ${quote.shopCurrency})` : `${quote.marginPercent}%`}
              </Text>
            </InlineStack>
          </BlockStack>
        ) : null}
        <InlineStack>
          <Button onClick={onCheck} loading={checking} disabled={disabled}>Check with the studio</Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
