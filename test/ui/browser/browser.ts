// Browser side of the UI tests: Debian's chromium through playwright-core, the app opened in the
// Shopify sandbox's admin page (an iframe with a real session token), axe-core run inside the app's
// frame, screenshots saved under test-results/ui/.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Frame, type FrameLocator, type Page } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS } from "../support/ui-stack";

export const SCREENSHOT_DIR = path.resolve("test-results/ui");
// headless Chromium announces itself as HeadlessChrome, which the Shopify library treats as a bot (410)
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export interface AppPage { page: Page; app: FrameLocator; frame(): Frame; errors: string[] }

export async function openAdmin(browser: Browser, adminUrl: string): Promise<AppPage> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, userAgent: USER_AGENT });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text().slice(0, 500)); });
  page.on("pageerror", (e) => errors.push(String(e).slice(0, 500)));
  const ap: AppPage = {
    page,
    errors,
    app: page.frameLocator("#app-iframe"),
    frame() {
      const f = page.frames().find((x) => x.parentFrame() === page.mainFrame());
      if (!f) throw new Error("the app's iframe is not there");
      return f;
    },
  };
  await goto(ap, adminUrl);
  return ap;
}

/** Loads an admin URL and waits until the app inside the iframe has hydrated. */
export async function goto(ap: AppPage, adminUrl: string): Promise<void> {
  await ap.page.goto(adminUrl);
  await ap.app.locator("h1").first().waitFor();
  await hydrated(ap);
}

export async function hydrated(ap: AppPage): Promise<void> {
  try {
    await ap.frame().waitForFunction(() => {
      const w = window as unknown as { __remixRouter?: { state: { initialized: boolean; navigation: { state: string } } } };
      return Boolean(w.__remixRouter?.state.initialized && w.__remixRouter.state.navigation.state === "idle");
    });
  } catch (error) {
    throw new Error(`the app did not hydrate: ${String(error)}\nbrowser errors:\n${ap.errors.join("\n")}`);
  }
}

/** Navigates inside the app as a click on the admin's nav menu does (client-side, session token on fetch). */
export async function navigate(ap: AppPage, label: string): Promise<void> {
  await ap.page.getByRole("link", { name: label, exact: true }).click();
  await hydrated(ap);
}

export async function screenshot(ap: AppPage, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await ap.page.screenshot({ path: file, fullPage: true });
  return file;
}

export interface AxeViolation { id: string; impact: string | null; help: string; nodes: string[] }

/** axe-core inside the app's frame; answers the serious and critical violations. */
export async function seriousAxeViolations(ap: AppPage): Promise<AxeViolation[]> {
  const frame = ap.frame();
  const loaded = await frame.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== "undefined");
  if (!loaded) await frame.addScriptTag({ path: path.resolve("node_modules/axe-core/axe.min.js") });
  return frame.evaluate(async () => {
    type Result = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<Result> } }).axe;
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)) }));
  });
}

/** Text of the App Bridge toasts shown so far (the sandbox stand-in renders them in the app's frame). */
export async function toasts(ap: AppPage): Promise<string> {
  return ap.frame().evaluate(() => document.getElementById("sandbox-toasts")?.textContent ?? "");
}
