// Settings and first-run onboarding: studio key (checked live), webhook URL + secret, submission,
// shipping, rush tier, white-label, customer notification. Saved whole or not at all.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Layout, Page, ProgressBar, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { authenticate } from "~/shopify.server";
import { settingsAction, settingsPageData, type SettingsActionResult } from "~/ui/settings.server";
import { StudioKeyCard, EnvironmentBadge } from "~/components/settings/StudioKeyCard";
import { WebhookCard } from "~/components/settings/WebhookCard";
import { PoliciesCard, type PolicyValues } from "~/components/settings/PoliciesCard";
import { ShippingCard } from "~/components/settings/ShippingCard";
import { useToast } from "~/components/useToast";
import { RouteError } from "~/components/RouteError";

export const meta: MetaFunction = () => [{ title: "Settings · Print Studio" }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  return settingsPageData(session.shop, admin.graphql);
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const body: unknown = await request.json().catch(() => null);
  return settingsAction(session.shop, admin.graphql, body);
};

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function initialPolicies(s: Data["settings"]): PolicyValues {
  return {
    submissionPolicy: s.submissionPolicy,
    submissionDelayMinutes: String(s.submissionDelayMinutes || ""),
    defaultRushTier: s.defaultRushTier,
    whiteLabel: s.whiteLabel,
    notifyCustomer: s.notifyCustomer,
  };
}

export default function Settings() {
  const data = useLoaderData<typeof loader>();
  const { settings } = data;
  const firstRun = !settings.hasStudioKey;
  const toast = useToast();
  const save = useFetcher<SettingsActionResult>();
  const check = useFetcher<SettingsActionResult>();
  const discover = useFetcher<SettingsActionResult>();
  const [apiKey, setApiKey] = useState("");
  const [secret, setSecret] = useState("");
  const [policies, setPolicies] = useState<PolicyValues>(() => initialPolicies(settings));
  const [methods, setMethods] = useState<Record<string, string>>(settings.shippingPolicy.methods);
  const [fallback, setFallback] = useState(settings.shippingPolicy.fallback);

  const saved = save.data?.intent === "save" ? save.data : null;
  const errors = saved && !saved.ok ? saved.fieldErrors : {};
  const checked = check.data?.intent === "checkKey" ? check.data : null;
  const discovered = discover.data?.intent === "discover" ? discover.data : null;

  useEffect(() => {
    if (save.state !== "idle" || !saved) return;
    if (saved.ok) {
      toast("Settings saved");
      setApiKey("");
      setSecret("");
    } else toast("Settings not saved: check the highlighted fields", true);
  }, [save.state, saved, toast]);

  const runDiscover = () => discover.submit({ intent: "discover" }, { method: "post", encType: "application/json" });
  useEffect(() => {
    if (settings.hasStudioKey && discover.state === "idle" && !discover.data) discover.submit({ intent: "discover" }, { method: "post", encType: "application/json" });
  }, [settings.hasStudioKey, discover]);

  const onSave = () => {
    const body = {
      intent: "save",
      settings: {
        studioApiKey: apiKey,
        studioWebhookSecret: secret,
        submissionPolicy: policies.submissionPolicy,
        submissionDelayMinutes: policies.submissionPolicy === "delay" ? policies.submissionDelayMinutes : 0,
        shippingPolicy: { methods: Object.fromEntries(Object.entries(methods).filter(([, v]) => v)), fallback },
        defaultRushTier: policies.defaultRushTier,
        whiteLabel: policies.whiteLabel,
        notifyCustomer: policies.notifyCustomer,
      },
    };
    save.submit(body, { method: "post", encType: "application/json" });
  };
  const stepsDone = [settings.hasStudioKey, settings.hasWebhookSecret, Boolean(settings.lastStudioWebhookAt)].filter(Boolean).length;
  const formErrorKeys = Object.keys(errors).filter((k) => !["studioApiKey", "studioWebhookSecret", "submissionPolicy", "submissionDelayMinutes", "defaultRushTier", "whiteLabel", "notifyCustomer"].includes(k) && !k.startsWith("shippingPolicy"));

  return (
    <Page
      title={firstRun ? "Set up Print Studio" : "Settings"}
      titleMetadata={<EnvironmentBadge environment={settings.studioEnvironment} />}
      primaryAction={{ content: firstRun ? "Save and connect" : "Save", onAction: onSave, loading: save.state !== "idle" }}
    >
      <Layout>
        {firstRun ? (
          <Layout.Section>
            <Banner tone="info" title="Welcome! Four steps connect your shop to the studio">
              <BlockStack gap="200">
                <Text as="p">Paste your studio API key, register the webhook, choose how orders are sent and how they ship. Nothing is sent to the studio until you map products.</Text>
                <Text as="p" id="setup-progress">{stepsDone} of 3 connection checks done (key saved, webhook secret saved, first studio webhook received).</Text>
                <ProgressBar progress={(stepsDone / 3) * 100} size="small" ariaLabelledBy="setup-progress" />
              </BlockStack>
            </Banner>
          </Layout.Section>
        ) : null}
        {settings.studioEnvironment === "test" ? (
          <Layout.Section>
            <Banner tone="warning" title="Test environment">Orders are priced but never printed, shipped or invoiced. Paste a live key when you are ready to sell.</Banner>
          </Layout.Section>
        ) : null}
        {saved && !saved.ok ? (
          <Layout.Section>
            <Banner tone="critical" title="Nothing was saved">
              <p>Fix the highlighted fields and save again.</p>
              {formErrorKeys.map((k) => <p key={k}>{errors[k]}</p>)}
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <BlockStack gap="400">
            <StudioKeyCard
              step={firstRun ? 1 : undefined}
              hasKey={settings.hasStudioKey}
              hint={settings.studioApiKeyHint}
              environment={settings.studioEnvironment}
              value={apiKey}
              onChange={setApiKey}
              error={errors.studioApiKey}
              checking={check.state !== "idle"}
              check={checked && apiKey.trim() ? (checked.ok ? { ok: true, environment: checked.environment } : { ok: false, message: checked.message }) : null}
              onCheck={() => check.submit({ intent: "checkKey", studioApiKey: apiKey }, { method: "post", encType: "application/json" })}
            />
            <WebhookCard
              step={firstRun ? 2 : undefined}
              url={data.webhookUrl}
              hasSecret={settings.hasWebhookSecret}
              lastWebhookAt={settings.lastStudioWebhookAt}
              secret={secret}
              onSecretChange={setSecret}
              error={errors.studioWebhookSecret}
              onCopied={(ok) => toast(ok ? "Webhook URL copied" : "Copy failed: select the URL and copy it", !ok)}
            />
            <PoliciesCard step={firstRun ? 3 : undefined} values={policies} onChange={(v) => setPolicies((p) => ({ ...p, ...v }))} errors={errors} />
            <ShippingCard
              step={firstRun ? 4 : undefined}
              hasKey={settings.hasStudioKey}
              shopRates={data.shopRates}
              shopRatesError={data.shopRatesError}
              methods={discovered?.ok ? discovered.options : null}
              currency={discovered?.ok ? discovered.currency : "USD"}
              discovering={discover.state !== "idle"}
              discoverError={discovered && !discovered.ok ? discovered.message : null}
              onDiscover={runDiscover}
              mapping={methods}
              fallback={fallback}
              onMappingChange={(rate, id) => setMethods((m) => ({ ...m, [rate]: id }))}
              onFallbackChange={setFallback}
              errors={errors}
            />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Settings" backUrl="/app" backLabel="Home" />;
}
