export function formatCents(cents: number, currency: string | null): string {
  return `${(cents / 100).toFixed(2)} ${currency ?? ""}`.trim();
}
