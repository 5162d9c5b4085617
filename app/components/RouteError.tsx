// Route error boundary body: a 404 reads as "not found" (another shop's order answers the same),
// other thrown responses go to Shopify's boundary (auth bounces), errors show a critical banner.
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { Banner, BlockStack, Card, Page, Text } from "@shopify/polaris";

export function RouteError({ title, backUrl, backLabel }: { title: string; backUrl: string; backLabel: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page title={title} backAction={{ content: backLabel, url: backUrl }}>
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">Not found</Text>
            <Text as="p">{typeof error.data === "string" && error.data ? error.data : "There is nothing here for this shop."}</Text>
            <Link to={backUrl}>{backLabel}</Link>
          </BlockStack>
        </Card>
      </Page>
    );
  }
  if (isRouteErrorResponse(error)) return boundary.error(error);
  const message = error instanceof Error ? error.message : "Something went wrong.";
  return (
    <Page title={title} backAction={{ content: backLabel, url: backUrl }}>
      <Banner tone="critical" title="This page could not be loaded">
        <p>{message}</p>
      </Banner>
    </Page>
  );
}
