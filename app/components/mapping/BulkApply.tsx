// Bulk apply: this configuration to every variant of the product, the print size read from one of
// its options through a value -> size table the merchant checks and confirms.
import { Badge, Banner, BlockStack, Button, Card, Checkbox, InlineGrid, Select, Text, TextField } from "@shopify/polaris";
import { useMemo, useState } from "react";
import { parseSizeOption } from "~/ui/size-options";
import type { SizePreset } from "~/ui/catalogue-view";

export interface BulkApplyProps {
  options: Array<{ name: string; values: string[] }>;
  presets: SizePreset[];
  applying: boolean;
  result: { ok: true; saved: number } | { ok: false; message: string } | null;
  onApply: (optionName: string, sizes: Record<string, { widthMm: string; heightMm: string }>) => void;
}

type Row = { widthMm: string; heightMm: string; source: string };

function proposal(values: string[], presets: SizePreset[]): Record<string, Row> {
  return Object.fromEntries(values.map((v) => {
    const p = parseSizeOption(v, presets);
    return [v, p ? { widthMm: String(p.widthMm), heightMm: String(p.heightMm), source: p.source } : { widthMm: "", heightMm: "", source: "none" }];
  }));
}

export function BulkApply({ options, presets, applying, result, onApply }: BulkApplyProps) {
  const candidates = options.filter((o) => o.values.length > 1);
  const [optionName, setOptionName] = useState(candidates.find((o) => /size|format|dimension/i.test(o.name))?.name ?? candidates[0]?.name ?? "");
  const values = useMemo(() => candidates.find((o) => o.name === optionName)?.values ?? [], [candidates, optionName]);
  const [rows, setRows] = useState<Record<string, Row>>(() => proposal(values, presets));
  const [confirmed, setConfirmed] = useState(false);
  if (candidates.length === 0) return null;
  const complete = values.filter((v) => rows[v]?.widthMm && rows[v]?.heightMm);
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">Apply to all sizes of this product</Text>
        <Text as="p" tone="subdued">Uses this configuration for every variant, with the print size taken from the option you choose. Check each size before applying.</Text>
        <Select
          label="Option that holds the print size"
          options={candidates.map((o) => ({ label: o.name, value: o.name }))}
          value={optionName}
          onChange={(name) => {
            setOptionName(name);
            setRows(proposal(candidates.find((o) => o.name === name)?.values ?? [], presets));
            setConfirmed(false);
          }}
        />
        {values.map((v) => {
          const r = rows[v] ?? { widthMm: "", heightMm: "", source: "none" };
          const setRow = (patch: Partial<Row>) => { setRows((all) => ({ ...all, [v]: { ...r, ...patch, source: "edited" } })); setConfirmed(false); };
          return (
            <InlineGrid key={v} columns={["oneThird", "oneThird", "oneThird"]} gap="200" alignItems="end">
              <BlockStack gap="100">
                <Text as="span" fontWeight="semibold">{v}</Text>
                {r.source === "none" ? <Badge tone="warning">Enter the size</Badge> : r.source === "assumed-unit" ? <Badge tone="attention">Unit assumed: check</Badge> : r.source === "edited" ? <Badge>Edited</Badge> : <Badge tone="info">Read from the option</Badge>}
              </BlockStack>
              <TextField label={`Width (mm) for ${v}`} type="number" autoComplete="off" value={r.widthMm} onChange={(w) => setRow({ widthMm: w })} />
              <TextField label={`Height (mm) for ${v}`} type="number" autoComplete="off" value={r.heightMm} onChange={(h) => setRow({ heightMm: h })} />
            </InlineGrid>
          );
        })}
        <Checkbox label={`These sizes are right (${complete.length} of ${values.length} variants will be mapped)`} checked={confirmed} onChange={setConfirmed} />
        {result?.ok === false ? <Banner tone="critical" title="Nothing was applied">{result.message}</Banner> : null}
        {result?.ok ? <Banner tone="success" title={`Mapped ${result.saved} variant${result.saved === 1 ? "" : "s"}`} /> : null}
        <div>
          <Button
            onClick={() => onApply(optionName, Object.fromEntries(complete.map((v) => [v, { widthMm: rows[v].widthMm, heightMm: rows[v].heightMm }])))}
            disabled={!confirmed || complete.length === 0}
            loading={applying}
          >
            {`Apply to ${complete.length} variant${complete.length === 1 ? "" : "s"}`}
          </Button>
        </div>
      </BlockStack>
    </Card>
  );
}
