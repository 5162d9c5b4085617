// Studio spend per day of the month: a small bar chart (SVG), described for assistive technology.
import { formatMoney } from "~/ui/format";

export function SpendChart({ perDay, currency }: { perDay: number[]; currency: string | null }) {
  const max = Math.max(1, ...perDay);
  const w = 300;
  const h = 80;
  const bw = w / Math.max(perDay.length, 1);
  const busiest = perDay.indexOf(Math.max(...perDay));
  const label = perDay.some((c) => c > 0)
    ? `Studio spend per day this month; highest on day ${busiest + 1} at ${formatMoney(perDay[busiest], currency)}.`
    : "No studio spend this month yet.";
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${w} ${h + 12}`} width="100%" height={h + 12} data-testid="spend-chart">
      {perDay.map((c, i) => {
        const bh = c > 0 ? Math.max(2, (c / max) * h) : 1;
        return (
          <rect key={i} x={i * bw + 1} y={h - bh} width={Math.max(1, bw - 2)} height={bh} fill={c > 0 ? "#2c6ecb" : "#d4d8de"}>
            <title>{`Day ${i + 1}: ${formatMoney(c, currency)}`}</title>
          </rect>
        );
      })}
      <text x="0" y={h + 11} fontSize="9" fill="#616161">1</text>
      <text x={w} y={h + 11} fontSize="9" fill="#616161" textAnchor="end">{perDay.length}</text>
    </svg>
  );
}
