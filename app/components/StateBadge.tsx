import { Badge } from "@shopify/polaris";
import { stateBadge, studioStatusBadge } from "~/ui/format";

export function StateBadge({ state }: { state: string }) {
  const { label, tone } = stateBadge(state);
  return <Badge tone={tone}>{label}</Badge>;
}

export function StudioStatusBadge({ status }: { status: string | null }) {
  const b = studioStatusBadge(status);
  return b ? <Badge tone={b.tone}>{b.label}</Badge> : null;
}
