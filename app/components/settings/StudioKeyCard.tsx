import { Badge, BlockStack, Button, Card, InlineStack, Text, TextField } from "@shopify/polaris";

export interface StudioKeyCardProps {
  step?: number;
  hasKey: boolean;
  hint: string | null;
  environment: "live" | "test" | null;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  checking: boolean;
  check: { ok: true; environment: "live" | "test" } | { ok: false; message: string } | null;
  onCheck: () => void;
}

export function EnvironmentBadge({ environment }: { environment: "live" | "test" | null }) {
  if (!environment) return null;
  return environment === "test" ? <Badge tone="attention">Test environment</Badge> : <Badge tone="success">Live environment</Badge>;
}

export function StudioKeyCard(p: StudioKeyCardProps) {
  const checkError = p.check && !p.check.ok ? p.check.message : undefined;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {p.step ? `Step ${p.step}: ` : ""}Connect your studio account
        </Text>
        {p.hasKey ? (
          <InlineStack gap="200" blockAlign="center">
            <Text as="p">Saved key ending in <b>…{p.hint}</b></Text>
            <EnvironmentBadge environment={p.environment} />
          </InlineStack>
        ) : (
          <Text as="p" tone="subdued">Paste the Partner API key the studio issued to your trade account. It is checked with the studio and stored encrypted; it is never shown again in full.</Text>
        )}
        <TextField
          label={p.hasKey ? "Replace the studio API key" : "Studio API key"}
          type="password"
          autoComplete="off"
          value={p.value}
          onChange={p.onChange}
          error={p.error ?? checkError}
          helpText="Looks like prefix_test_… or prefix_live_… followed by 64 characters."
          connectedRight={<Button onClick={p.onCheck} loading={p.checking} disabled={!p.value.trim()}>Check key</Button>}
        />
        {p.check?.ok ? (
          <InlineStack gap="200" blockAlign="center">
            <Text as="p" tone="success">The studio accepted this key.</Text>
            <EnvironmentBadge environment={p.check.environment} />
          </InlineStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
