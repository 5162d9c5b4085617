// In a real browser, through the Shopify sandbox's admin page: a first run with a test key, then a
// framed print mapped with the preview redrawn as fields change and the studio's mat error shown on
// the mat field. Every page is screenshot and checked with axe-core.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { hasChromium, startUiStack, type UiStack } from "../support/ui-stack";
import { goto, launchBrowser, navigate, openAdmin, screenshot, seriousAxeViolations, type AppPage } from "./browser";

if (!hasChromium) console.warn("skipping browser tests: /usr/bin/chromium is not installed");

describe.skipIf(!hasChromium)("First run and mapping, in the embedded admin", () => {
  let stack: UiStack;
  let browser: Browser;
  let ap: AppPage;

  beforeAll(async () => {
    stack = await startUiStack("first-run.myshopify.com");
    browser = await launchBrowser();
    ap = await openAdmin(browser, stack.adminUrl("/"));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  const previewWidth = async () => Number(await ap.app.getByTestId("frame-preview").getAttribute("data-width-mm"));

  it("GIVEN a new install WHEN Home opens THEN it asks to connect the studio, with no serious accessibility problem", async () => {
    await expect(ap.app.getByRole("heading", { name: "Connect your print studio" }).isVisible()).resolves.toBe(true);
    await screenshot(ap, "01-home-first-run");
    expect(await seriousAxeViolations(ap)).toEqual([]);
  });

  it("GIVEN the onboarding WHEN a test key is pasted, checked and saved THEN the environment shows as test and the key is never shown again", async () => {
    await navigate(ap, "Settings");
    await ap.app.getByRole("heading", { name: "Set up Print Studio" }).waitFor();
    expect(await seriousAxeViolations(ap)).toEqual([]);
    await ap.app.getByLabel("Studio API key", { exact: true }).fill(stack.studioKey);
    await ap.app.getByRole("button", { name: "Check key" }).click();
    await ap.app.getByText("The studio accepted this key.").waitFor();
    await ap.app.getByLabel("Webhook secret", { exact: true }).fill(stack.studioWebhookSecret);
    await ap.app.getByText("When I approve them", { exact: true }).click();
    expect(await ap.app.getByLabel("When I approve them").isChecked()).toBe(true);
    await ap.app.getByRole("button", { name: "Save and connect" }).click();
    await ap.app.locator("#sandbox-toasts").getByText("Settings saved").waitFor();
    await ap.app.getByText(`…${stack.studioKey.slice(-4)}`).waitFor();
    expect(await ap.app.getByLabel("Replace the studio API key").inputValue()).toBe("");
    expect(await ap.frame().content()).not.toContain(stack.studioKey);
    await expect(ap.app.getByText("Test environment").first().isVisible()).resolves.toBe(true);
    await screenshot(ap, "02-settings-saved");
    expect(await seriousAxeViolations(ap)).toEqual([]);
  });

  it("GIVEN a saved test key WHEN Home opens THEN a test-environment banner shows", async () => {
    await goto(ap, stack.adminUrl("/"));
    await ap.app.getByText("Your studio key is a test key").waitFor();
    await screenshot(ap, "03-home-test-key");
  });

  it("GIVEN the product mappings WHEN listed THEN every variant shows as not mapped", async () => {
    await navigate(ap, "Product mappings");
    await ap.app.getByRole("link", { name: "Quiet Forest (framed)" }).waitFor();
    expect(await ap.app.getByText("Not mapped").count()).toBe(5);
    await screenshot(ap, "04-mappings-list");
    expect(await seriousAxeViolations(ap)).toEqual([]);
  });

  it("GIVEN a framed print being configured WHEN the moulding, mat and border change THEN the preview is redrawn to scale", async () => {
    await ap.app.getByRole("link", { name: "Quiet Forest (framed)" }).click();
    await ap.app.getByLabel("Studio product").waitFor();
    await hydrated();
    await ap.app.getByLabel("Studio product").selectOption("custom-framing");
    await ap.app.getByLabel("Size preset").selectOption("a3");
    expect(await previewWidth()).toBe(297 + 2 * 20); // no moulding yet: drawn at 20 mm
    await ap.app.getByLabel("Frame moulding").selectOption("mld-brushed-silver-12");
    expect(await previewWidth()).toBe(297 + 2 * 12);
    await ap.app.getByLabel("Glazing").selectOption("glz-acrylic-clear");
    await ap.app.getByLabel("Paper").selectOption("paper-photo-rag-308");
    await ap.app.getByLabel("Mat board (optional window mount)").selectOption("mat-arctic-white");
    expect(await previewWidth()).toBe(297 + 2 * 50 + 2 * 12); // the studio's usual mat until one is given
    await ap.app.getByLabel("Mat border, all sides (mm)").fill("10");
    expect(await previewWidth()).toBe(297 + 2 * 10 + 2 * 12);
    await screenshot(ap, "05-editor-preview");
  });

  it("GIVEN a mat under the studio's minimum WHEN checked with the studio THEN the error shows on the mat field", async () => {
    await ap.app.getByRole("button", { name: "Check with the studio" }).click();
    const matField = ap.app.getByLabel("Mat border, all sides (mm)");
    await expect.poll(async () => matField.getAttribute("aria-invalid"), { timeout: 20_000 }).toBe("true");
    const describedBy = (await matField.getAttribute("aria-describedby")) ?? "";
    const errorText = await ap.frame().evaluate((ids) => ids.split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" "), describedBy);
    expect(errorText).toMatch(/minimum/i);
    await screenshot(ap, "06-editor-mat-error");
    expect(await seriousAxeViolations(ap)).toEqual([]);
  });

  it("GIVEN a mat the studio accepts WHEN checked and saved THEN the price and margin show and the mapping is saved", async () => {
    await ap.app.getByLabel("Mat border, all sides (mm)").fill("50");
    await ap.app.getByRole("button", { name: "Check with the studio" }).click();
    await ap.app.getByText("Margin").waitFor({ timeout: 20_000 });
    await expect(ap.app.getByText(/^-?\d+(\.\d)?%$/).isVisible()).resolves.toBe(true);
    await ap.app.getByRole("button", { name: "Save", exact: true }).click();
    await ap.app.locator("#sandbox-toasts").getByText("Mapping saved").waitFor({ timeout: 20_000 });
    await screenshot(ap, "07-editor-saved");
    await goto(ap, stack.adminUrl("/mappings"));
    expect(await ap.app.getByText("Mapped", { exact: true }).count()).toBe(1);
  });

  async function hydrated() {
    const { hydrated: wait } = await import("./browser");
    await wait(ap);
  }
});
