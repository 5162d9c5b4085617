export interface RequestOptions {
  signal?: AbortSignal;
}

/** Path segment for an id taken from the API or from a caller. */
export function idSegment(id: string): string {
  return encodeURIComponent(id);
}
