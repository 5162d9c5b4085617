import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation, useNavigation, useRouteError } from "@remix-run/react";
import { SkeletonBodyText, SkeletonDisplayText, SkeletonPage, Card, Layout, BlockStack } from "@shopify/polaris";
import { boundary } from "@shopify/shopify-app-remix/server";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { NavMenu } from "@shopify/app-bridge-react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { appBridgeUrl, authenticate } from "~/shopify.server";
import { env } from "~/env.server";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await authenticate.admin(request);
  return { apiKey: env().SHOPIFY_API_KEY, appBridgeUrl: appBridgeUrl ?? null };
};

/** Shown while another page's loader runs, instead of the page being left. */
function LoadingPage() {
  return (
    <SkeletonPage primaryAction>
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <SkeletonDisplayText size="small" />
              <SkeletonBodyText lines={6} />
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </SkeletonPage>
  );
}

export default function App() {
  const { apiKey, appBridgeUrl } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const changingPage = navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  return (
    <AppProvider isEmbeddedApp apiKey={apiKey} {...(appBridgeUrl ? { __APP_BRIDGE_URL: appBridgeUrl } : {})}>
      <NavMenu>
        <Link to="/app" rel="home">
          Home
        </Link>
        <Link to="/app/mappings">Product mappings</Link>
        <Link to="/app/orders">Orders</Link>
        <Link to="/app/settings">Settings</Link>
      </NavMenu>
      {changingPage ? <LoadingPage /> : <Outlet />}
    </AppProvider>
  );
}

// Shopify needs Remix to catch thrown responses so that its headers reach the browser.
export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
