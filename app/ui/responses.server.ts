// Responses the UI routes throw or return. The app runs Remix without single fetch, where `data()`
// is understood on document requests only; client navigations and fetchers need real Responses.

/** A 404 for something that is not this shop's (another shop's id answers exactly the same). */
export function notFound(message: string): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8" } });
}
