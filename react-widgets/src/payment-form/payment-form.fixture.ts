// The props the widget's tests start from.
import type { PaymentFormProps } from "./contract";

// Sentinel texts: the test proves every visible word comes from the props.
export function props(
  overrides: Partial<PaymentFormProps> = {},
): PaymentFormProps {
  return {
    idPrefix: "pf",
    country: "PH",
    countries: [
      { code: "ID", label: "T:Indonesia" },
      { code: "PH", label: "T:Philippines" },
    ],
    methods: [
      { choose: "card", label: "T:Card", fields: ["zip"] },
      { choose: "paypal", label: "T:PayPal", fields: [] },
      { choose: "gcash", label: "T:GCash", fields: ["name", "phone"] },
      { choose: "grabpay", label: "T:GrabPay", fields: ["name", "document"] },
    ],
    method: null,
    values: { email: "", zip: "", name: "", document: "", phone: "" },
    maxLengths: { email: 254, zip: 15, name: 100, document: 100, phone: 250 },
    errors: {},
    busy: false,
    texts: {
      country: "T:Country",
      methods: "T:Methods",
      noMethods: "T:None",
      fields: {
        email: "T:Email",
        zip: "T:Zip",
        name: "T:Name",
        document: "T:Document",
        phone: "T:Phone",
      },
      pay: "T:Pay 0.99",
      paying: "T:Paying",
      renewal: "T:Then 29.99 per month",
      firstCharge: "T:First charge Nov 22",
      cancel: "T:Cancel anytime",
      secure: "T:Secure",
    },
    ...overrides,
  };
}
