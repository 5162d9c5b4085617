// Correct the shipping address the studio refused, then price the order again.
import { Button, FormLayout, InlineGrid, TextField } from "@shopify/polaris";
import { useState } from "react";

export type AddressValues = Record<"name" | "company" | "line1" | "line2" | "city" | "state" | "postcode" | "country" | "phone" | "email", string>;
const FIELDS: Array<[keyof AddressValues, string, boolean]> = [
  ["name", "Recipient name", true], ["company", "Company", false], ["line1", "Street address", true], ["line2", "Apartment, suite", false],
  ["city", "City", true], ["state", "State or province", true], ["postcode", "Postcode", true], ["country", "Country code (2 letters)", true],
  ["phone", "Phone", false], ["email", "Email", false],
];

export function AddressForm({ initial, submitting, onSubmit }: { initial: Partial<AddressValues>; submitting: boolean; onSubmit: (v: AddressValues) => void }) {
  const [v, setV] = useState<AddressValues>(() => Object.fromEntries(FIELDS.map(([k]) => [k, initial[k] ?? ""])) as AddressValues);
  return (
    <form onSubmit={(e) => { e.preventDefault(); onSubmit(v); }}>
      <FormLayout>
        <InlineGrid columns={2} gap="300">
          {FIELDS.map(([k, label, required]) => (
            <TextField key={k} label={label} requiredIndicator={required} autoComplete="off" value={v[k]} onChange={(x) => setV((o) => ({ ...o, [k]: x }))} />
          ))}
        </InlineGrid>
        <Button submit variant="primary" loading={submitting}>Save address and re-quote</Button>
      </FormLayout>
    </form>
  );
}
