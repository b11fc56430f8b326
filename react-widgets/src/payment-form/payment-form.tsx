import { useEffect, useRef, useState, type FormEvent } from "react";
import { emit } from "../bridge/events";
import type { WidgetProps } from "../bridge/widget";
import {
  FIELD_NAMES,
  PAYMENT_FORM,
  type FieldName,
  type PaymentCheckDetail,
  type PaymentCountryDetail,
  type PaymentFormProps,
  type PaymentSubmitDetail,
} from "./contract";

/** The spec's error slot of each field (`emailErrorMsg`, …). */
const slotName = (field: FieldName | "form") => `${field}ErrorMsg`;

const INPUTS: Record<
  FieldName,
  { type: string; autoComplete: string; inputMode?: "email" | "tel" | "text" }
> = {
  email: { type: "email", autoComplete: "email", inputMode: "email" },
  zip: { type: "text", autoComplete: "postal-code" },
  name: { type: "text", autoComplete: "name" },
  document: { type: "text", autoComplete: "off" },
  phone: { type: "tel", autoComplete: "tel", inputMode: "tel" },
};

export function PaymentForm({ host, props }: WidgetProps<PaymentFormProps>) {
  const [values, setValues] = useState(props.values);
  const [chosen, setChosen] = useState(props.method);
  const form = useRef<HTMLFormElement>(null);
  // Set by a submit until the Rust side answers with new props: a double
  // click emits one submit.
  const pending = useRef(false);
  const submitted = useRef(false);
  const method =
    props.methods.find((m) => m.choose === chosen) ?? props.methods[0] ?? null;
  const shown: FieldName[] = method ? ["email", ...method.fields] : ["email"];

  useEffect(() => emit(host, PAYMENT_FORM, "ready", {}), [host]);
  useEffect(() => {
    pending.current = false;
  }, [props]);
  // After a submit, the first field with a message gets the focus.
  const errorKey = JSON.stringify(props.errors);
  useEffect(() => {
    if (!submitted.current) return;
    submitted.current = false;
    const first = FIELD_NAMES.find((f) => props.errors[f] && shown.includes(f));
    if (first)
      form.current
        ?.querySelector<HTMLInputElement>(`[name="${first}"]`)
        ?.focus();
  }, [errorKey]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (props.busy || pending.current || method === null) return;
    pending.current = true;
    submitted.current = true;
    emit<PaymentSubmitDetail>(host, PAYMENT_FORM, "submit", {
      method: method.choose,
      ...values,
    });
  };
  const check = (field: FieldName, value: string) => {
    if (method)
      emit<PaymentCheckDetail>(host, PAYMENT_FORM, "check", {
        method: method.choose,
        field,
        value,
      });
  };
  const id = (name: string) => `${props.idPrefix}-${name}`;

  return (
    <form
      ref={form}
      className="pay-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={props.busy}
    >
      {props.errors.form && (
        <div className="form-alert" role="alert" data-slot={slotName("form")}>
          {props.errors.form}
        </div>
      )}
      <div className="form-field">
        <label htmlFor={id("country")}>{props.texts.country}</label>
        <select
          id={id("country")}
          name="payCountry"
          value={props.country}
          disabled={props.busy}
          onChange={(e) =>
            emit<PaymentCountryDetail>(host, PAYMENT_FORM, "country", {
              country: e.target.value,
            })
          }
        >
          {props.countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      {method === null ? (
        <p className="form-alert" role="status">
          {props.texts.noMethods}
        </p>
      ) : (
        <fieldset className="pay-methods">
          <legend>{props.texts.methods}</legend>
          {props.methods.map((m) => (
            <label key={m.choose} className="pay-method" data-method={m.choose}>
              <input
                type="radio"
                name="method"
                value={m.choose}
                checked={m.choose === method.choose}
                onChange={() => setChosen(m.choose)}
              />
              <span>{m.label}</span>
            </label>
          ))}
        </fieldset>
      )}
      {shown.map((field) => (
        <div className="form-field" key={field} data-field={field}>
          <label htmlFor={id(field)}>{props.texts.fields[field]}</label>
          <input
            id={id(field)}
            name={field}
            {...INPUTS[field]}
            maxLength={props.maxLengths[field]}
            value={values[field]}
            aria-invalid={props.errors[field] ? true : undefined}
            aria-describedby={id(slotName(field))}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })}
            onBlur={(e) => check(field, e.target.value)}
          />
          <p
            id={id(slotName(field))}
            className="field-error"
            data-slot={slotName(field)}
            aria-live="polite"
          >
            {props.errors[field] ?? ""}
          </p>
        </div>
      ))}
      {method !== null && (
        <div className="pay-submit">
          <button
            type="submit"
            className="btn-primary pay-button"
            disabled={props.busy}
          >
            {props.busy ? props.texts.paying : props.texts.pay}
          </button>
          <div className="pay-terms">
            <p className="pay-renewal">{props.texts.renewal}</p>
            <p className="pay-first-charge">{props.texts.firstCharge}</p>
            <p className="pay-cancel">{props.texts.cancel}</p>
          </div>
        </div>
      )}
      <p className="pay-secure">{props.texts.secure}</p>
    </form>
  );
}
