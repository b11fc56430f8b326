import { emit } from "../bridge/events";
import {
  PAYMENT_FORM,
  type FieldName,
  type PaymentCountryDetail,
  type PaymentFormProps,
  type PaymentFormTexts,
  type PaymentMethodOption,
} from "./contract";

/** The spec's error slot of each field (`emailErrorMsg`, …). */
export const slotName = (field: FieldName | "form") => `${field}ErrorMsg`;

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

/** The message about the whole form, if there is one. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div className="form-alert" role="alert" data-slot={slotName("form")}>
      {message}
    </div>
  );
}

interface PartProps {
  props: PaymentFormProps;
  /** The element id of `name`, under the form's prefix. */
  id: (name: string) => string;
}

/** The country list; a change is asked of the Rust side (new methods follow). */
export function CountrySelect({
  host,
  props,
  id,
}: PartProps & { host: HTMLElement }) {
  return (
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
  );
}

/** The country's methods as radio buttons, in the given order. */
export function MethodChoice({
  props,
  method,
  choose,
}: {
  props: PaymentFormProps;
  method: PaymentMethodOption;
  choose: (choose: string) => void;
}) {
  return (
    <fieldset className="pay-methods">
      <legend>{props.texts.methods}</legend>
      {props.methods.map((m) => (
        <label key={m.choose} className="pay-method" data-method={m.choose}>
          <input
            type="radio"
            name="method"
            value={m.choose}
            checked={m.choose === method.choose}
            onChange={() => choose(m.choose)}
          />
          <span>{m.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** One labelled input with its message slot, marked invalid when it has one. */
export function PaymentField({
  props,
  id,
  field,
  value,
  onChange,
  onCheck,
}: PartProps & {
  field: FieldName;
  value: string;
  onChange: (value: string) => void;
  /** The field was left: the Rust side checks it. */
  onCheck: (value: string) => void;
}) {
  return (
    <div className="form-field" data-field={field}>
      <label htmlFor={id(field)}>{props.texts.fields[field]}</label>
      <input
        id={id(field)}
        name={field}
        {...INPUTS[field]}
        maxLength={props.maxLengths[field]}
        value={value}
        aria-invalid={props.errors[field] ? true : undefined}
        aria-describedby={id(slotName(field))}
        onChange={(e) => onChange(e.target.value)}
        onBlur={(e) => onCheck(e.target.value)}
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
  );
}

/** The pay button with the renewal terms beside it. */
export function PaySubmit({
  busy,
  texts,
}: {
  busy: boolean;
  texts: PaymentFormTexts;
}) {
  return (
    <div className="pay-submit">
      <button type="submit" className="btn-primary pay-button" disabled={busy}>
        {busy ? texts.paying : texts.pay}
      </button>
      <div className="pay-terms">
        <p className="pay-renewal">{texts.renewal}</p>
        <p className="pay-first-charge">{texts.firstCharge}</p>
        <p className="pay-cancel">{texts.cancel}</p>
      </div>
    </div>
  );
}
