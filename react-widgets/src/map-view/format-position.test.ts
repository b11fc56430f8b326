import { describe, expect, it } from "vitest";
import { formatPosition } from "./format-position";

describe("formatPosition", () => {
  it("fills lat/lng to 5 decimals and accuracy to whole metres", () => {
    expect(
      formatPosition("{lat} {lng} ±{accuracy}", {
        lat: 1.234567,
        lng: -2,
        accuracy: 7.5,
      }),
    ).toBe("1.23457 -2.00000 ±8");
  });

  it('uses "?" when accuracy is missing', () => {
    expect(formatPosition("±{accuracy}", { lat: 0, lng: 0 })).toBe("±?");
    expect(
      formatPosition("±{accuracy}", { lat: 0, lng: 0, accuracy: null }),
    ).toBe("±?");
  });

  it("replaces every occurrence and leaves other text, including $ patterns, alone", () => {
    expect(formatPosition("{lat}/{lat} $& {other}", { lat: 1, lng: 2 })).toBe(
      "1.00000/1.00000 $& {other}",
    );
  });
});
