// The form generated from a studio product's variantSelections keys (print-products.ts), with the
// spec's rules: required keys marked, canvas-only media (own section), float frame only from
// canvasMouldings with 30mm depth, mat uniform or four sides, quality tiers filtering materials,
// sizes offered as catalogue presets.
import { BlockStack, ChoiceList, FormLayout, InlineGrid, Select, Text, TextField } from "@shopify/polaris";
import { PRODUCT_SELECTIONS, type ProductSlug, type SelectionKey } from "~/models/print-products";
import { optionsForTier, type CatalogueView } from "~/ui/catalogue-view";

export interface SelectionFieldsProps {
  slug: ProductSlug;
  selections: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
  catalogue: CatalogueView | null;
  errors: Record<string, string>;
}

const SIZE_KEYS = ["artworkWidthMm", "artworkHeightMm"];
const MAT_KEYS = ["matSizeMm", "matTopMm", "matRightMm", "matBottomMm", "matLeftMm", "textWindowWidthMm", "textWindowHeightMm"];
const SIDE_KEYS = ["matTopMm", "matRightMm", "matBottomMm", "matLeftMm"];
const MATERIAL_SECTIONS_WITH_TIERS = new Set(["mouldings", "canvasMouldings", "matboards", "glazing", "backing"]);

export function SelectionFields({ slug, selections: sel, onChange, catalogue, errors }: SelectionFieldsProps) {
  const keys = PRODUCT_SELECTIONS[slug];
  const set = (patch: Record<string, string>) => onChange({ ...sel, ...patch });
  const hasMat = keys.some((k) => k.key === "matSizeMm");
  const matShown = hasMat && (slug === "print-and-mat" || Boolean(sel.matColorId));
  const perSide = SIDE_KEYS.some((k) => sel[k]);
  const preset = catalogue?.sizes.find((s) => String(s.widthMm) === sel.artworkWidthMm && String(s.heightMm) === sel.artworkHeightMm)?.id ?? "";

  const field = (k: SelectionKey) => {
    const value = sel[k.key] ?? "";
    const error = errors[k.key];
    if (k.section) {
      const all = catalogue?.sections[k.section] ?? [];
      const usable = MATERIAL_SECTIONS_WITH_TIERS.has(k.section) || k.section === "media" ? optionsForTier(all, sel.qualityTierId) : all;
      const options = usable.map((o) => ({ label: o.label, value: o.id }));
      if (value && !options.some((o) => o.value === value)) options.push({ label: `${value} (not available)`, value });
      const floatFrame = slug === "canvas-printing" && k.key === "mouldingId";
      const disabled = floatFrame && sel.depth !== "30mm";
      return (
        <Select
          key={k.key}
          label={k.label}
          requiredIndicator={k.required}
          options={[{ label: k.required ? "Choose…" : "None", value: "" }, ...options]}
          value={value}
          onChange={(v) => set({ [k.key]: v })}
          error={error}
          disabled={disabled || !catalogue}
          helpText={floatFrame ? (disabled ? "Float frames need the 30mm stretcher depth." : "From the studio's canvas float frames.") : k.help}
        />
      );
    }
    if (k.kind === "choice") {
      return (
        <Select
          key={k.key}
          label={k.label}
          requiredIndicator={k.required}
          options={[{ label: k.required ? "Choose…" : "Default", value: "" }, ...(k.choices ?? []).map((c) => ({ label: c, value: c }))]}
          value={value}
          onChange={(v) => set(k.key === "depth" && v !== "30mm" ? { depth: v, mouldingId: "" } : { [k.key]: v })}
          error={error}
          helpText={k.help}
        />
      );
    }
    return (
      <TextField
        key={k.key}
        label={k.label}
        requiredIndicator={k.required}
        type={k.kind === "mm" ? "number" : "text"}
        min={k.kind === "mm" ? 1 : undefined}
        autoComplete="off"
        value={value}
        onChange={(v) => set({ [k.key]: v })}
        error={error}
        helpText={k.help}
      />
    );
  };

  const byKey = (key: string) => keys.find((k) => k.key === key);
  const mm = (key: string) => {
    const k = byKey(key);
    return k ? field(k) : null;
  };
  return (
    <FormLayout>
      <Select
        label="Size preset"
        options={[{ label: "Custom size", value: "" }, ...(catalogue?.sizes ?? []).map((s) => ({ label: s.label, value: s.id }))]}
        value={preset}
        onChange={(id) => {
          const s = catalogue?.sizes.find((x) => x.id === id);
          if (s) set({ artworkWidthMm: String(s.widthMm), artworkHeightMm: String(s.heightMm) });
        }}
      />
      <InlineGrid columns={2} gap="300">
        {mm("artworkWidthMm")}
        {mm("artworkHeightMm")}
      </InlineGrid>
      {keys.filter((k) => !SIZE_KEYS.includes(k.key) && !MAT_KEYS.includes(k.key)).map(field)}
      {matShown ? (
        <BlockStack gap="300">
          <Text as="h3" variant="headingSm">Mat border</Text>
          <ChoiceList
            title="Mat border"
            titleHidden
            choices={[
              { label: "Same on all four sides", value: "uniform" },
              { label: "Different per side", value: "sides" },
            ]}
            selected={[perSide ? "sides" : "uniform"]}
            onChange={([mode]) => {
              if (mode === "sides") {
                const u = sel.matSizeMm || "50";
                set({ matSizeMm: "", matTopMm: u, matRightMm: u, matBottomMm: u, matLeftMm: u });
              } else set({ matSizeMm: sel.matTopMm || "50", matTopMm: "", matRightMm: "", matBottomMm: "", matLeftMm: "" });
            }}
          />
          {perSide ? (
            <InlineGrid columns={4} gap="200">
              {SIDE_KEYS.map((k) => mm(k))}
            </InlineGrid>
          ) : (
            mm("matSizeMm")
          )}
          {errors.matSides ? <Text as="p" tone="critical">{errors.matSides}</Text> : null}
          <InlineGrid columns={2} gap="300">
            {mm("textWindowWidthMm")}
            {mm("textWindowHeightMm")}
          </InlineGrid>
        </BlockStack>
      ) : null}
    </FormLayout>
  );
}
