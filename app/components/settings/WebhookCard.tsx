import { BlockStack, Button, Card, Text, TextField } from "@shopify/polaris";
import { formatDateTime } from "~/ui/format";

export interface WebhookCardProps {
  step?: number;
  url: string;
  hasSecret: boolean;
  lastWebhookAt: string | null;
  secret: string;
  onSecretChange: (v: string) => void;
  error?: string;
  onCopied: (ok: boolean) => void;
}

export function WebhookCard(p: WebhookCardProps) {
  const copy = () => {
    navigator.clipboard.writeText(p.url).then(() => p.onCopied(true), () => p.onCopied(false));
  };
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {p.step ? `Step ${p.step}: ` : ""}Studio webhook
        </Text>
        <Text as="p" tone="subdued">Ask the studio to register this address for your environment, then paste the secret it shows you once. Status changes and tracking then arrive at once instead of by polling.</Text>
        <TextField label="Webhook URL for this shop" value={p.url} readOnly autoComplete="off" connectedRight={<Button onClick={copy}>Copy</Button>} />
        <TextField
          label="Webhook secret"
          type="password"
          autoComplete="off"
          value={p.secret}
          onChange={p.onSecretChange}
          error={p.error}
          helpText={p.hasSecret ? "A secret is saved. Paste a new one only to replace it." : "Starts with a short prefix and an underscore."}
        />
        <Text as="p" tone="subdued">
          {p.lastWebhookAt ? `Last studio webhook received ${formatDateTime(p.lastWebhookAt)}.` : "No studio webhook received yet."}
        </Text>
      </BlockStack>
    </Card>
  );
}
