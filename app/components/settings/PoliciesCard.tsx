import { BlockStack, Card, Checkbox, ChoiceList, Select, Text, TextField } from "@shopify/polaris";

export interface PolicyValues {
  submissionPolicy: "immediate" | "delay" | "manual";
  submissionDelayMinutes: string;
  defaultRushTier: "standard" | "express" | "critical";
  whiteLabel: boolean;
  notifyCustomer: boolean;
}

export function PoliciesCard({ step, values, onChange, errors }: { step?: number; values: PolicyValues; onChange: (v: Partial<PolicyValues>) => void; errors: Record<string, string> }) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {step ? `Step ${step}: ` : ""}Orders and customers
        </Text>
        <ChoiceList
          title="When paid orders go to the studio"
          choices={[
            { label: "Immediately", value: "immediate", helpText: "As soon as Shopify reports the order paid." },
            { label: "After a delay", value: "delay", helpText: "Leaves time for cancellations and address changes." },
            { label: "When I approve them", value: "manual", helpText: "Each order waits on the Orders page for your approval." },
          ]}
          selected={[values.submissionPolicy]}
          onChange={(s) => onChange({ submissionPolicy: s[0] as PolicyValues["submissionPolicy"] })}
          error={errors.submissionPolicy}
        />
        {values.submissionPolicy === "delay" ? (
          <TextField
            label="Delay (minutes)"
            type="number"
            min={1}
            max={10080}
            autoComplete="off"
            value={values.submissionDelayMinutes}
            onChange={(v) => onChange({ submissionDelayMinutes: v })}
            error={errors.submissionDelayMinutes}
          />
        ) : null}
        <Select
          label="Production speed (rush tier)"
          options={[
            { label: "Standard turnaround", value: "standard" },
            { label: "Express (rush fee)", value: "express" },
            { label: "Critical (highest rush fee)", value: "critical" },
          ]}
          value={values.defaultRushTier}
          onChange={(v) => onChange({ defaultRushTier: v as PolicyValues["defaultRushTier"] })}
          error={errors.defaultRushTier}
        />
        <Checkbox
          label="White-label parcels"
          helpText="No studio branding, no invoice in the box, no studio email to your customer."
          checked={values.whiteLabel}
          onChange={(v) => onChange({ whiteLabel: v })}
          error={errors.whiteLabel}
        />
        <Checkbox
          label="Notify the customer when tracking is added"
          helpText="Shopify emails the customer the tracking link of each parcel."
          checked={values.notifyCustomer}
          onChange={(v) => onChange({ notifyCustomer: v })}
          error={errors.notifyCustomer}
        />
      </BlockStack>
    </Card>
  );
}
