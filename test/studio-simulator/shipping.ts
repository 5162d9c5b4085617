// Shipping discovery: the usable methods depend on the destination country and on the basket.
import type { LineConfig } from "./line-rules";

export interface ShippingOption {
  id: string;
  name: string;
  description: string | null;
  estimatedDelivery: string;
  isCollection: boolean;
  priceCents: number;
  requiresQuote: boolean;
}

/** Countries the studio ships to beyond Australia. Any other valid ISO code has no usable method. */
export const INTERNATIONAL_COUNTRIES = new Set(["NZ", "US", "CA", "GB", "IE", "DE", "FR", "NL", "BE", "DK", "SE", "NO", "CH", "AT", "IT", "ES", "JP", "SG", "HK", "KR"]);

const OVERSIZE_MM = 1000;

export function shippingOptions(lines: LineConfig[], country: string): ShippingOption[] {
  let flat = 0;
  let bulky = 0;
  let oversize = false;
  let glass = false;
  for (const line of lines) {
    if (line.shippingClass === "flat") flat += line.quantity;
    else {
      bulky += line.quantity;
      if (Math.max(line.outerWidthMm, line.outerHeightMm) > OVERSIZE_MM) oversize = true;
    }
    if (line.hasGlass) glass = true;
  }
  const options: ShippingOption[] = [];
  if (country === "AU") {
    if (!oversize) {
      const standard = 1200 + 150 * Math.max(0, flat - 1) + 1800 * bulky;
      options.push({ id: "au-standard", name: "Standard parcel", description: "Australia Post Parcel Post, tracked.", estimatedDelivery: "3-7 business days", isCollection: false, priceCents: standard, requiresQuote: false });
      options.push({ id: "au-express", name: "Express parcel", description: "Australia Post Express Post, tracked.", estimatedDelivery: "1-3 business days", isCollection: false, priceCents: Math.round(standard * 1.5), requiresQuote: false });
    }
    if (bulky > 0) {
      options.push({ id: "au-art-courier", name: "Art courier", description: "Blanket-wrapped courier for framed and stretched work.", estimatedDelivery: "2-5 business days", isCollection: false, priceCents: 6500 + 2500 * (bulky - 1) + 100 * flat, requiresQuote: false });
    }
    options.push({ id: "studio-collection", name: "Collect from the studio", description: "Pick up from the studio in Marrickville NSW once the order is ready.", estimatedDelivery: "When the order is completed", isCollection: true, priceCents: 0, requiresQuote: false });
    return options;
  }
  if (!INTERNATIONAL_COUNTRIES.has(country)) return options;
  const base = country === "NZ" ? 2500 : 3500;
  if (bulky === 0) {
    options.push({ id: "intl-standard", name: "International tracked", description: "Tracked airmail in a tube or flat mailer.", estimatedDelivery: "7-15 business days", isCollection: false, priceCents: base + 400 * Math.max(0, flat - 1), requiresQuote: false });
  }
  if (!glass && !oversize) {
    options.push({ id: "intl-express", name: "International express", description: "DHL Express, duties unpaid.", estimatedDelivery: "3-6 business days", isCollection: false, priceCents: base + 3000 + 500 * Math.max(0, flat - 1) + 9500 * bulky, requiresQuote: false });
  }
  return options;
}

/** ISO 3166-1 alpha-2 codes. */
export const ISO_COUNTRIES = new Set(
  ("AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ " +
    "DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT " +
    "JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI " +
    "NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK " +
    "TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW").split(" "),
);
