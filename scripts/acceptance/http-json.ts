// A small JSON-over-HTTP caller for the control surfaces. Every call is bounded by a timeout and
// every failure names the call, so the report can say exactly what was asked and what came back.

export class HttpCallError extends Error {
  constructor(readonly status: number | null, readonly body: string, message: string) {
    super(message);
    this.name = "HttpCallError";
  }
}

export interface JsonAnswer<T> {
  status: number;
  body: T;
  text: string;
}

export async function callJson<T>(method: string, url: string, body?: unknown, timeoutMs = 60_000): Promise<JsonAnswer<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new HttpCallError(null, "", `${method} ${url} failed without an answer: ${String(error)}`);
  }
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text === "" ? {} : JSON.parse(text);
  } catch {
    throw new HttpCallError(res.status, text, `${method} ${url} -> ${res.status} answered something that is not JSON: ${text.slice(0, 300)}`);
  }
  if (!res.ok) throw new HttpCallError(res.status, text, `${method} ${url} -> ${res.status}: ${text.slice(0, 500)}`);
  return { status: res.status, body: parsed as T, text };
}

/** Unwraps the studio's `{data, error}` envelope. */
export async function callEnvelope<T>(method: string, url: string, body?: unknown, timeoutMs?: number): Promise<T> {
  const answer = await callJson<{ data?: T; error?: unknown }>(method, url, body, timeoutMs);
  if (answer.body === null || typeof answer.body !== "object" || !("data" in answer.body)) {
    throw new HttpCallError(answer.status, answer.text, `${method} ${url} answered without the {data, error} envelope: ${answer.text.slice(0, 300)}`);
  }
  return answer.body.data as T;
}
