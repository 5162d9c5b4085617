import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveStudioWebhook } from "~/webhooks/studio.server";

// The per-shop studio webhook URL: /webhooks/studio/{shop}.
export const action = ({ request, params }: ActionFunctionArgs) => receiveStudioWebhook(request, params.shop);
