import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { RemixServer } from "@remix-run/react";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { isbot } from "isbot";
import { loadEnvOrExit } from "./env.server";
import { addDocumentResponseHeaders, appBridgeUrl } from "./shopify.server";
import { startInProcessWorker } from "./pipeline/in-process.server";

// Configuration is validated once, at boot: a bad variable stops the process with one line.
loadEnvOrExit();
startInProcessWorker();

export const streamTimeout = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  addDocumentResponseHeaders(request, responseHeaders);
  // In sandbox mode the page loads the sandbox's App Bridge stand-in: do not preload Shopify's CDN copy.
  if (appBridgeUrl) responseHeaders.delete("link");
  const userAgent = request.headers.get("user-agent");
  const callbackName = isbot(userAgent ?? "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} />, {
      [callbackName]: () => {
        const body = new PassThrough();
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error) {
        reject(error);
      },
      onError(error) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
