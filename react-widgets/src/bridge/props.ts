// Reading a widget's props as they come from the Rust side: each reader
// checks one value and, when it does not fit, throws
// `TypeError("<widget>: invalid props.<field>")` naming the field.

/** An object of props, before its fields are read. */
export type Fields = Record<string, unknown>;

/** The readers of one widget's props. */
export interface PropsReader {
  fail(field: string): never;
  record(value: unknown, field: string): Fields;
  string(value: unknown, field: string): string;
  optionalString(value: unknown, field: string): string | undefined;
  list(value: unknown, field: string): unknown[];
  /** A whole number of at least `least` (default 0). */
  count(value: unknown, field: string, least?: number): number;
  finite(value: unknown, field: string): number;
  optionalFinite(value: unknown, field: string): number | undefined;
}

/** The readers of `widget`'s props. */
export function propsReader(widget: string): PropsReader {
  const fail = (field: string): never => {
    throw new TypeError(`${widget}: invalid props.${field}`);
  };
  const record = (value: unknown, field: string): Fields => {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      fail(field);
    return value as Fields;
  };
  const string = (value: unknown, field: string): string => {
    if (typeof value !== "string") fail(field);
    return value as string;
  };
  const list = (value: unknown, field: string): unknown[] => {
    if (!Array.isArray(value)) fail(field);
    return value as unknown[];
  };
  const count = (value: unknown, field: string, least = 0): number => {
    if (typeof value !== "number" || !Number.isInteger(value) || value < least)
      fail(field);
    return value as number;
  };
  const finite = (value: unknown, field: string): number => {
    if (typeof value !== "number" || !Number.isFinite(value)) fail(field);
    return value as number;
  };
  return {
    fail,
    record,
    string,
    optionalString: (value, field) =>
      value == null ? undefined : string(value, field),
    list,
    count,
    finite,
    optionalFinite: (value, field) =>
      value == null ? undefined : finite(value, field),
  };
}
