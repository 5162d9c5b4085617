import { Banner, BlockStack, Button, Card, InlineGrid, Select, SkeletonBodyText, Text } from "@shopify/polaris";
import { formatMoney } from "~/ui/format";

export interface StudioMethod { id: string; name: string; estimatedDelivery: string; priceCents: number }

export interface ShippingCardProps {
  step?: number;
  shopRates: string[];
  shopRatesError: string | null;
  methods: StudioMethod[] | null;
  currency: string;
  discovering: boolean;
  discoverError: string | null;
  onDiscover: () => void;
  mapping: Record<string, string>;
  fallback: "cheapest" | "fastest";
  onMappingChange: (rate: string, methodId: string) => void;
  onFallbackChange: (v: "cheapest" | "fastest") => void;
  errors: Record<string, string>;
  hasKey: boolean;
}

export function ShippingCard(p: ShippingCardProps) {
  const options = [
    { label: "Use the fallback", value: "" },
    ...(p.methods ?? []).map((m) => ({ label: `${m.name} (${m.estimatedDelivery}, sample ${formatMoney(m.priceCents, p.currency)})`, value: m.id })),
  ];
  // a saved mapping to a method the studio no longer offers stays visible
  for (const id of Object.values(p.mapping)) if (id && !options.some((o) => o.value === id)) options.push({ label: `${id} (not offered now)`, value: id });
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {p.step ? `Step ${p.step}: ` : ""}Shipping
        </Text>
        <Text as="p" tone="subdued">Each of your Shopify shipping rates can be sent to the studio as one of its methods. Methods are discovered by pricing a sample print to your shop’s own address.</Text>
        {p.shopRatesError ? <Banner tone="warning" title="Shopify's shipping rates could not be read">{p.shopRatesError}</Banner> : null}
        {p.discoverError ? (
          <Banner tone="warning" title="The studio's shipping methods could not be discovered" action={{ content: "Try again", onAction: p.onDiscover }}>
            {p.discoverError}
          </Banner>
        ) : null}
        {!p.hasKey ? <Text as="p">Connect your studio account first to see its methods.</Text> : null}
        {p.discovering ? <SkeletonBodyText lines={3} /> : null}
        {p.hasKey && !p.discovering && !p.methods && !p.discoverError ? <Button onClick={p.onDiscover}>Discover studio methods</Button> : null}
        {p.shopRates.length === 0 && !p.shopRatesError ? <Text as="p">Your shop has no shipping rates yet; every order uses the fallback.</Text> : null}
        {p.shopRates.map((rate) => (
          <InlineGrid key={rate} columns={2} gap="300" alignItems="center">
            <Text as="span">Shopify rate “{rate}”</Text>
            <Select
              label={`Studio method for “${rate}”`}
              labelHidden
              options={options}
              value={p.mapping[rate] ?? ""}
              onChange={(v) => p.onMappingChange(rate, v)}
              error={p.errors[`shippingPolicy.methods.${rate}`]}
            />
          </InlineGrid>
        ))}
        <Select
          label="Fallback when a rate is not mapped or the method is unavailable"
          options={[
            { label: "Cheapest method the studio offers", value: "cheapest" },
            { label: "Fastest method the studio offers", value: "fastest" },
          ]}
          value={p.fallback}
          onChange={(v) => p.onFallbackChange(v as "cheapest" | "fastest")}
          error={p.errors["shippingPolicy.fallback"]}
        />
      </BlockStack>
    </Card>
  );
}
