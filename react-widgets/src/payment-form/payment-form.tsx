import { useLayoutEffect, useState } from "react";
import { emit } from "../bridge/events";
import type { WidgetProps } from "../bridge/widget";
import {
  PAYMENT_FORM,
  type FieldName,
  type PaymentCheckDetail,
  type PaymentFormProps,
} from "./contract";
import {
  CountrySelect,
  FormAlert,
  MethodChoice,
  PaymentField,
  PaySubmit,
} from "./payment-form-parts";
import { usePaymentSubmit } from "./use-payment-submit";

export function PaymentForm({ host, props }: WidgetProps<PaymentFormProps>) {
  const [values, setValues] = useState(props.values);
  const [chosen, setChosen] = useState(props.method);
  const method =
    props.methods.find((m) => m.choose === chosen) ?? props.methods[0] ?? null;
  const shown: FieldName[] = method ? ["email", ...method.fields] : ["email"];

  // Before the first paint: the page hides its plain form in the same frame
  // the widget appears, so nothing below it jumps.
  useLayoutEffect(() => emit(host, PAYMENT_FORM, "ready", {}), [host]);
  const { form, onSubmit } = usePaymentSubmit(
    host,
    props,
    method,
    shown,
    values,
  );
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
      <FormAlert message={props.errors.form} />
      <CountrySelect host={host} props={props} id={id} />
      {method === null ? (
        <p className="form-alert" role="status">
          {props.texts.noMethods}
        </p>
      ) : (
        <MethodChoice props={props} method={method} choose={setChosen} />
      )}
      {shown.map((field) => (
        <PaymentField
          key={field}
          props={props}
          id={id}
          field={field}
          value={values[field]}
          onChange={(value) => setValues({ ...values, [field]: value })}
          onCheck={(value) => check(field, value)}
        />
      ))}
      {method !== null && <PaySubmit busy={props.busy} texts={props.texts} />}
      <p className="pay-secure">{props.texts.secure}</p>
    </form>
  );
}
