import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

// The app lives inside the Shopify admin. A visit with a shop parameter goes to the embedded app;
// anything else gets a short page saying where to find it.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  if (url.searchParams.get("shop")) throw redirect(`/app?${url.searchParams.toString()}`);
  return null;
};

export default function Index() {
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 640, margin: "4rem auto", lineHeight: 1.5 }}>
      <h1>Print Studio for Shopify</h1>
      <p>
        Sell fine-art prints, framed prints and canvases made and shipped by your print studio. Paid orders are placed
        with the studio exactly once, and tracking comes back to your Shopify orders.
      </p>
      <p>Open the app from your Shopify admin (Apps → Print Studio).</p>
    </main>
  );
}
