// A small subset of Shopify's search syntax for `query:` arguments: free text and field:value
// terms (title, sku, status, handle, product_id, id, name, email), with * wildcards; terms are ANDed.
export type Fields = Record<string, string | number | null | undefined>;

function matches(value: string | number | null | undefined, pattern: string): boolean {
  if (value === null || value === undefined) return false;
  const v = String(value).toLowerCase();
  const p = pattern.toLowerCase().replace(/^["']|["']$/g, "");
  if (!p.includes("*")) return v === p || v.includes(p);
  const re = new RegExp(`^${p.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
  return re.test(v);
}

function tokens(query: string): string[] {
  return query.match(/(?:[^\s"]+:)?"[^"]*"|\S+/g) ?? [];
}

export function searchFilter<T>(items: T[], query: string | null | undefined, fields: (item: T) => Fields): T[] {
  if (!query || !query.trim()) return items;
  const terms = tokens(query).filter((t) => !/^(AND|OR)$/i.test(t));
  return items.filter((item) => {
    const f = fields(item);
    return terms.every((term) => {
      const negate = term.startsWith("-") || term.startsWith("NOT ");
      const t = negate ? term.slice(1) : term;
      const m = /^([a-z_]+):(.*)$/i.exec(t);
      let ok: boolean;
      if (m) {
        const key = m[1].toLowerCase();
        const value = key === "id" || key === "product_id" ? m[2].replace(/^gid:\/\/shopify\/\w+\//, "") : m[2];
        ok = key in f ? matches(f[key], value) : true;
      } else ok = matches(f.title, t.includes("*") ? t : `*${t}*`);
      return negate ? !ok : ok;
    });
  });
}
