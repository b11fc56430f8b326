import { defineWidget } from "../bridge/widget";
import { parsePaymentFormProps } from "./contract";
import { PaymentForm } from "./payment-form";

export { PAYMENT_FORM } from "./contract";
export type {
  PaymentFormProps,
  PaymentSubmitDetail,
  PaymentCountryDetail,
  PaymentCheckDetail,
} from "./contract";

export const paymentFormWidget = defineWidget(
  PaymentForm,
  parsePaymentFormProps,
);
