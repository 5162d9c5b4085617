// A scripted HTTP server on 127.0.0.1:0 standing in for the studio when a test needs answers the
// simulator would never give (unknown codes, broken bodies, other last-page markers).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}
export type Answer = { status: number; headers?: Record<string, string>; body?: unknown; raw?: string } | "reset" | "hang";
export type Script = (req: SeenRequest, index: number) => Answer;

export interface ScriptedStudio {
  baseUrl: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export async function startScriptedStudio(script: Script): Promise<ScriptedStudio> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const entry = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      seen.push(entry);
      const answer = script(entry, seen.length - 1);
      if (answer === "reset") return req.socket.destroy();
      if (answer === "hang") return;
      const text = answer.raw ?? JSON.stringify(answer.body ?? null);
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/print/v1`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const ok = (data: unknown, extra: Record<string, unknown> = {}, status = 200): Answer => ({ status, body: { data, error: null, ...extra } });
export const fail = (status: number, code: string, message = code, details?: unknown, headers?: Record<string, string>): Answer => ({
  status,
  headers,
  body: { data: null, error: { code, message, ...(details === undefined ? {} : { details }) } },
});

export function orderFixture(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    orderId: "ord_1",
    orderNumber: "#1001",
    status: "received",
    environment: "test",
    isTest: true,
    quoteId: "q_1",
    currency: "AUD",
    lines: [{ externalReference: null, productSlug: "fine-art-printing", productName: "Fine art print", quantity: 1, unitPriceCents: 100, amountCents: 100 }],
    subtotalCents: 100,
    shippingCents: 0,
    discountCents: 0,
    totalCents: 100,
    gstCents: 9,
    promisedReadyDate: null,
    shipments: [],
    createdAt: "2026-11-21T06:00:00Z",
    ...overrides,
  };
}

export interface RecordingLogger {
  lines: Array<{ level: string; obj: Record<string, unknown>; msg?: string }>;
  debug(obj: Record<string, unknown>, msg?: string): void;
  info(obj: Record<string, unknown>, msg?: string): void;
  warn(obj: Record<string, unknown>, msg?: string): void;
  error(obj: Record<string, unknown>, msg?: string): void;
}
export function recordingLogger(): RecordingLogger {
  const lines: RecordingLogger["lines"] = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg?: string) => void lines.push({ level, obj, msg });
  return { lines, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
