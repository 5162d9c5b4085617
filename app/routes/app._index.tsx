import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Card, Layout, Page, Text } from "@shopify/polaris";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return { shop: session.shop };
};

export default function Home() {
  const { shop } = useLoaderData<typeof loader>();
  return (
    <Page title="Print Studio">
      <Layout>
        <Layout.Section>
          <Card>
            <Text as="p">Connected to {shop}.</Text>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
