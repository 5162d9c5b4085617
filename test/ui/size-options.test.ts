import { describe, expect, it } from "vitest";
import { parseSizeOption } from "~/ui/size-options";

describe("parseSizeOption (bulk apply: print size from a variant option)", () => {
  it.each([
    ["A3", 297, 420, "iso"],
    ["a2 poster", 420, 594, "iso"],
    ["30x40 cm", 300, 400, "dimensions"],
    ["50 × 70cm", 500, 700, "dimensions"],
    ["8 x 10 in", 203, 254, "dimensions"],
    ['11x14"', 279, 356, "dimensions"],
    ["500x700mm", 500, 700, "dimensions"],
    ["30x40", 300, 400, "assumed-unit"],
    ["420x594", 420, 594, "assumed-unit"],
  ])("GIVEN %s THEN %i × %i mm (%s)", (value, w, h, source) => {
    expect(parseSizeOption(value)).toEqual({ widthMm: w, heightMm: h, source });
  });

  it("GIVEN a catalogue preset id or label THEN the preset wins", () => {
    expect(parseSizeOption("sq-300", [{ id: "sq-300", label: "Square 300 × 300 mm", widthMm: 300, heightMm: 300 }])).toEqual({ widthMm: 300, heightMm: 300, source: "preset" });
  });

  it("GIVEN a value that names no size THEN null (the merchant types it)", () => {
    expect(parseSizeOption("Large")).toBeNull();
    expect(parseSizeOption("")).toBeNull();
  });
});
