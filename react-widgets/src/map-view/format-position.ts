import type { MapViewLocation } from "./contract";

// Shown for `{accuracy}` when the fix has no accuracy; a symbol, not prose,
// so it needs no translation.
const UNKNOWN = "?";

function formatAccuracy(accuracy: number | null | undefined): string {
  return accuracy != null && accuracy >= 0
    ? String(Math.round(accuracy))
    : UNKNOWN;
}

/**
 * Fill the caption template from Rust. Only the three known placeholders are
 * replaced; a replacer function avoids `$`-pattern surprises of string replace.
 */
export function formatPosition(
  template: string,
  location: MapViewLocation,
): string {
  const values: Record<string, string> = {
    lat: location.lat.toFixed(5),
    lng: location.lng.toFixed(5),
    accuracy: formatAccuracy(location.accuracy),
  };
  return template.replace(
    /\{(lat|lng|accuracy)\}/g,
    (_, key: string) => values[key] ?? "",
  );
}
