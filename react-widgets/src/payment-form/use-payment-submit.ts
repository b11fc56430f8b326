import { useEffect, useRef, type FormEvent, type RefObject } from "react";
import { emit } from "../bridge/events";
import {
  FIELD_NAMES,
  PAYMENT_FORM,
  type FieldName,
  type PaymentFormProps,
  type PaymentMethodOption,
  type PaymentSubmitDetail,
} from "./contract";

export interface PaymentSubmit {
  form: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent) => void;
}

/**
 * The form's submit, emitted to the Rust side instead of posting: one per
 * answer (a double click emits one submit; new props allow the next), none
 * while busy or without a method. After a submit, the first shown field with
 * a message gets the focus.
 */
export function usePaymentSubmit(
  host: HTMLElement,
  props: PaymentFormProps,
  method: PaymentMethodOption | null,
  shown: FieldName[],
  values: Record<FieldName, string>,
): PaymentSubmit {
  const form = useRef<HTMLFormElement>(null);
  // Set by a submit until the Rust side answers with new props.
  const pending = useRef(false);
  const submitted = useRef(false);

  useEffect(() => {
    pending.current = false;
  }, [props]);
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
  return { form, onSubmit };
}
