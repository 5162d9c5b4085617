// The demo's one machine-readable line (demo.md): `demo ready {json}`. Every field is checked
// against the contract; what does not hold is returned as a list of problems, not thrown.

export interface DemoReady {
  app: string;
  studio: string;
  shopify: string;
  shop: string;
  studioAccountId: string;
  adminUrl: string;
  mappedVariantIds: string[];
  unmappedVariantIds: string[];
}

export interface DemoPorts {
  app: number;
  studio: number;
  shopify: number;
}

export const READY_PREFIX = "demo ready ";
const VARIANT_GID = /^gid:\/\/shopify\/ProductVariant\/\d+$/;
export const DEMO_SHOP = "demo-gallery.myshopify.com";

/** The JSON after `demo ready ` on each such line of the output. */
export function readyLines(output: string): string[] {
  return output.split(/\r?\n/).filter((l) => l.startsWith(READY_PREFIX)).map((l) => l.slice(READY_PREFIX.length));
}

function stringField(o: Record<string, unknown>, key: string, problems: string[]): string {
  const v = o[key];
  if (typeof v !== "string" || v.length === 0) {
    problems.push(`ready line: "${key}" must be a non-empty string, got ${JSON.stringify(v)}`);
    return "";
  }
  return v;
}

function gidList(o: Record<string, unknown>, key: string, min: number, problems: string[]): string[] {
  const v = o[key];
  if (!Array.isArray(v)) {
    problems.push(`ready line: "${key}" must be an array of ProductVariant GIDs, got ${JSON.stringify(v)}`);
    return [];
  }
  const ids = v.filter((x): x is string => typeof x === "string" && VARIANT_GID.test(x));
  if (ids.length !== v.length) problems.push(`ready line: "${key}" holds values that are not ProductVariant GIDs: ${JSON.stringify(v)}`);
  if (new Set(ids).size !== ids.length) problems.push(`ready line: "${key}" repeats a variant: ${JSON.stringify(v)}`);
  if (ids.length < min) problems.push(`ready line: "${key}" must hold at least ${min} variants, holds ${ids.length}`);
  return [...new Set(ids)];
}

function origin(o: Record<string, unknown>, key: keyof DemoPorts, port: number, problems: string[]): string {
  const v = stringField(o, key, problems);
  const expected = `http://127.0.0.1:${port}`;
  if (v !== "" && v.replace(/\/$/, "") !== expected) problems.push(`ready line: "${key}" is ${v}, expected ${expected} (the port given in the environment)`);
  return v.replace(/\/$/, "");
}

export function checkReady(json: string, ports: DemoPorts): { ready: DemoReady | null; problems: string[] } {
  const problems: string[] = [];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    return { ready: null, problems: [`ready line is not JSON (${String(error)}): ${json.slice(0, 300)}`] };
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return { ready: null, problems: [`ready line is not a JSON object: ${json.slice(0, 300)}`] };
  const o = raw as Record<string, unknown>;
  const ready: DemoReady = {
    app: origin(o, "app", ports.app, problems),
    studio: origin(o, "studio", ports.studio, problems),
    shopify: origin(o, "shopify", ports.shopify, problems),
    shop: stringField(o, "shop", problems),
    studioAccountId: stringField(o, "studioAccountId", problems),
    adminUrl: stringField(o, "adminUrl", problems),
    mappedVariantIds: gidList(o, "mappedVariantIds", 3, problems),
    unmappedVariantIds: gidList(o, "unmappedVariantIds", 1, problems),
  };
  if (ready.shop !== "" && ready.shop !== DEMO_SHOP) problems.push(`ready line: "shop" is ${ready.shop}, expected ${DEMO_SHOP}`);
  if (ready.adminUrl !== "" && !ready.adminUrl.startsWith(`${ready.shopify}/`)) problems.push(`ready line: "adminUrl" ${ready.adminUrl} is not a page of the Shopify sandbox ${ready.shopify}`);
  const both = ready.mappedVariantIds.filter((id) => ready.unmappedVariantIds.includes(id));
  if (both.length > 0) problems.push(`ready line: variants listed as both mapped and unmapped: ${both.join(", ")}`);
  const fatal = ready.shop === "" || ready.studioAccountId === "" || ready.studio === "" || ready.shopify === "" || ready.mappedVariantIds.length === 0;
  return { ready: fatal ? null : ready, problems };
}
