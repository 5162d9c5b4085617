// Checks right after the ready line, before any order: DEMO_ORDERS=0 means nothing was ordered,
// the admin page embeds the app, the app answers, and the studio clock is read for timings.
import { errorText, type RunContext } from "./context";

export async function preflight(ctx: RunContext): Promise<void> {
  try {
    const existing = await ctx.studio.orders();
    if (existing.length > 0) ctx.violations.push(`DEMO_ORDERS=0, yet the studio account ${ctx.ready.studioAccountId} already has ${existing.length} orders: ${existing.map((s) => s.orderId).join(", ")}`);
  } catch (error) {
    ctx.violations.push(`GET /__studio/orders?accountId=${ctx.ready.studioAccountId} (the ready line's studioAccountId) failed: ${errorText(error)}`);
  }
  try {
    const page = await ctx.shopify.adminPage(ctx.ready.adminUrl);
    if (page.status !== 200 || !/<iframe/i.test(page.html)) ctx.violations.push(`adminUrl ${ctx.ready.adminUrl} answered ${page.status} ${/<iframe/i.test(page.html) ? "" : "without an iframe embedding the app"}`);
  } catch (error) {
    ctx.violations.push(`adminUrl ${ctx.ready.adminUrl} could not be opened: ${errorText(error)}`);
  }
  ctx.violations.push(...(await appAnswers(ctx.ready.app, "right after the ready line")));
  ctx.clockOffsetMs = await ctx.studio.clockOffsetMs().catch(() => 0);
}

/** The app answers HTTP below 500 on its origin. */
export async function appAnswers(app: string, when: string): Promise<string[]> {
  try {
    const res = await fetch(`${app}/`, { redirect: "manual", signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    return res.status >= 500 ? [`the app at ${app}/ answered ${res.status} ${when}`] : [];
  } catch (error) {
    return [`the app at ${app}/ did not answer ${when}: ${errorText(error)}`];
  }
}
