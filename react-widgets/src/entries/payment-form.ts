// One widget's chunk, loaded by `loader.ts` where this widget mounts.
import { createRegistry } from "../bridge/registry";
import { PAYMENT_FORM, paymentFormWidget } from "../payment-form";

export const mount = createRegistry(
  new Map([[PAYMENT_FORM, paymentFormWidget]]),
);
