import { studioCall, type StudioHttpContext } from "../http.server";
import { CatalogueSchema, type Catalogue } from "../schemas";
import type { RequestOptions } from "./options";

export function catalogueResource(ctx: StudioHttpContext) {
  return {
    /** GET /catalogue: every orderable product and material section (no prices). */
    async get(opts: RequestOptions = {}): Promise<Catalogue> {
      return (await studioCall(ctx, { method: "GET", path: "/catalogue", schema: CatalogueSchema, signal: opts.signal })).data;
    },
  };
}
