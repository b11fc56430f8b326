// The props contract shared with the Rust side (`app/src/widgets/payment_form.rs`).
// The widget only shows the form: the Rust side validates (the same rules the
// server runs), places the order and sends errors and the busy state back.
// Every text comes from the props (the site's locale files).

import { propsReader } from "../bridge/props";

export const PAYMENT_FORM = "payment-form";

export const PAY_FIELDS = ["zip", "name", "document", "phone"] as const;
export type PayField = (typeof PAY_FIELDS)[number];
export const FIELD_NAMES = ["email", ...PAY_FIELDS] as const;
export type FieldName = (typeof FIELD_NAMES)[number];

export interface PaymentMethodOption {
  /** Wire name: card, paypal, fastSpring, gcash, dana, grabpay, paymaya. */
  choose: string;
  label: string;
  /** The fields this method needs besides the e-mail, in display order. */
  fields: PayField[];
}

export interface CountryOption {
  code: string;
  label: string;
}

export interface PaymentFormTexts {
  country: string;
  methods: string;
  noMethods: string;
  fields: Record<FieldName, string>;
  pay: string;
  paying: string;
  renewal: string;
  firstCharge: string;
  cancel: string;
  secure: string;
}

export interface PaymentFormProps {
  /** Prefix of element ids, so the page and a dialog never clash. */
  idPrefix: string;
  country: string;
  countries: CountryOption[];
  /** The country's methods, by priority. */
  methods: PaymentMethodOption[];
  /** The method chosen first (`null`: the first one). */
  method: string | null;
  /** Values to start with; the widget keeps what is typed afterwards. */
  values: Record<FieldName, string>;
  maxLengths: Record<FieldName, number>;
  /** Messages by field, and `form` for the whole form. */
  errors: Partial<Record<FieldName | "form", string>>;
  busy: boolean;
  texts: PaymentFormTexts;
}

/** Detail of `widget:payment-form:submit`. */
export type PaymentSubmitDetail = { method: string } & Record<
  FieldName,
  string
>;
/** Detail of `widget:payment-form:country`. */
export interface PaymentCountryDetail {
  country: string;
}
/** Detail of `widget:payment-form:check` (a field was left). */
export interface PaymentCheckDetail {
  method: string;
  field: FieldName;
  value: string;
}

const reader = propsReader(PAYMENT_FORM);
// Annotated, so a call narrows what it checked.
const fail: (field: string) => never = reader.fail;
const { record, string, list, count } = reader;

function byField<T>(
  raw: unknown,
  field: string,
  read: (v: unknown, f: string) => T,
): Record<FieldName, T> {
  const fields = record(raw, field);
  const out = {} as Record<FieldName, T>;
  for (const name of FIELD_NAMES)
    out[name] = read(fields[name], `${field}.${name}`);
  return out;
}

function parseMethod(raw: unknown, i: number): PaymentMethodOption {
  const m = record(raw, `methods[${i}]`);
  const fields = list(m.fields, `methods[${i}].fields`).map((f, j) => {
    if (!(PAY_FIELDS as readonly unknown[]).includes(f))
      fail(`methods[${i}].fields[${j}]`);
    return f as PayField;
  });
  return {
    choose: string(m.choose, `methods[${i}].choose`),
    label: string(m.label, `methods[${i}].label`),
    fields,
  };
}

function parseErrors(raw: unknown): PaymentFormProps["errors"] {
  const errors = record(raw ?? {}, "errors");
  const out: PaymentFormProps["errors"] = {};
  for (const name of [...FIELD_NAMES, "form"] as const) {
    if (errors[name] != null)
      out[name] = string(errors[name], `errors.${name}`);
  }
  return out;
}

function parseTexts(raw: unknown): PaymentFormTexts {
  const t = record(raw, "texts");
  const text = (name: Exclude<keyof PaymentFormTexts, "fields">) =>
    string(t[name], `texts.${name}`);
  return {
    country: text("country"),
    methods: text("methods"),
    noMethods: text("noMethods"),
    fields: byField(t.fields, "texts.fields", string),
    pay: text("pay"),
    paying: text("paying"),
    renewal: text("renewal"),
    firstCharge: text("firstCharge"),
    cancel: text("cancel"),
    secure: text("secure"),
  };
}

export function parsePaymentFormProps(raw: unknown): PaymentFormProps {
  const p = record(raw, "");
  const countries = list(p.countries, "countries").map((c, i) => {
    const country = record(c, `countries[${i}]`);
    return {
      code: string(country.code, `countries[${i}].code`),
      label: string(country.label, `countries[${i}].label`),
    };
  });
  if (typeof p.busy !== "boolean") fail("busy");
  return {
    idPrefix: string(p.idPrefix, "idPrefix"),
    country: string(p.country, "country"),
    countries,
    methods: list(p.methods, "methods").map(parseMethod),
    method: p.method == null ? null : string(p.method, "method"),
    values: byField(p.values, "values", string),
    maxLengths: byField(p.maxLengths, "maxLengths", (v, f) => count(v, f, 1)),
    errors: parseErrors(p.errors),
    busy: p.busy,
    texts: parseTexts(p.texts),
  };
}
