import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveShopifyWebhook } from "~/webhooks/receive.server";

export const action = ({ request }: ActionFunctionArgs) => receiveShopifyWebhook(request);
