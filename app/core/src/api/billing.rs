//! Checkout and billing calls: methods, orders and their status, the
//! member's subscription, cancel and refund.
use super::{encode, form_body, parse, ApiClient, ApiError};
use crate::account::payment_fields::PaymentFormInput;
use crate::account::validation::Slot;
use crate::i18n::Locale;
use crate::model::billing::{
    BillingDone, BillingSummary, MethodChoice, OrderCreated, OrderStatus, PayMethods, ReceiptView,
    RefundDetail,
};

/// What `POST /portal/order` sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderRequest {
    pub plan_id: i64,
    pub method: MethodChoice,
    pub input: PaymentFormInput,
    /// The payer's country (ISO alpha-2), which decides the methods offered.
    pub country: String,
    /// One per payment attempt: a double click or retry places one order.
    pub idempotency_key: String,
    /// The number searched before paying: the server carries it (sealed)
    /// to the dashboard.
    pub number: crate::checkout::SearchedNumber,
}

/// A refused order: the message, and per-field messages when the server
/// named fields (`emailErrorMsg`, …), already localized.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderError {
    pub msg: String,
    pub fields: Vec<(Slot, String)>,
}

/// The form body of `POST /portal/order`.
pub fn order_body(order: &OrderRequest) -> String {
    let plan = order.plan_id.to_string();
    let f = &order.input;
    let mut body = form_body(&[
        ("planId", &plan),
        ("method", order.method.as_str()),
        ("email", f.email.trim()),
        ("zip", f.zip.trim()),
        ("name", f.name.trim()),
        ("document", f.document.trim()),
        ("phone", f.phone.trim()),
        ("country", &order.country),
        ("idempotencyKey", &order.idempotency_key),
    ]);
    if order.number.is_some() {
        let number = form_body(&[
            ("numberCountry", order.number.country.trim()),
            ("numberPhone", order.number.phone.trim()),
        ]);
        body = format!("{body}&{number}");
    }
    body
}

/// Reads a refused order's answer: `msg` and the field slots of `obj`.
pub fn order_error(locale: Locale, body: &str) -> OrderError {
    let (msg, fields) = super::refusal(locale, body);
    OrderError { msg, fields }
}

impl ApiClient {
    /// `GET /portal/payMethods[?country=][&planId=]`: the payer's country
    /// (the one given, else the server's guess) and its methods by priority,
    /// only those whose provider takes the plan's currency.
    ///
    /// # Errors
    /// A localized [`ApiError`].
    pub async fn pay_methods(
        &self,
        locale: Locale,
        country: Option<&str>,
        plan_id: Option<i64>,
    ) -> Result<PayMethods, ApiError> {
        let params: Vec<String> = country
            .map(|c| format!("country={}", encode(c)))
            .into_iter()
            .chain(plan_id.map(|id| format!("planId={id}")))
            .collect();
        let query = if params.is_empty() {
            String::new()
        } else {
            format!("?{}", params.join("&"))
        };
        self.call(locale, "GET", &format!("/portal/payMethods{query}"), None)
            .await
    }

    /// `POST /portal/order`: places the order; the browser then goes to
    /// `redirect_url`.
    ///
    /// # Errors
    /// An [`OrderError`] with the server's field messages.
    pub async fn place_order(
        &self,
        locale: Locale,
        order: &OrderRequest,
    ) -> Result<OrderCreated, OrderError> {
        let unavailable = |e: ApiError| OrderError {
            msg: e.msg,
            fields: Vec::new(),
        };
        let response = self
            .send(locale, "POST", "/portal/order", Some(order_body(order)))
            .await
            .map_err(unavailable)?;
        match parse::<OrderCreated>(locale, &response.body) {
            Ok(envelope) => envelope.obj.ok_or_else(|| order_error(locale, "")),
            Err(_) => Err(order_error(locale, &response.body)),
        }
    }

    /// `GET /admin/order/status?orderNo=`: where an order stands.
    ///
    /// # Errors
    /// A localized [`ApiError`] (unknown order).
    pub async fn order_status(
        &self,
        locale: Locale,
        order_no: &str,
    ) -> Result<OrderStatus, ApiError> {
        self.call(
            locale,
            "GET",
            &format!("/admin/order/status?orderNo={}", encode(order_no)),
            None,
        )
        .await
    }

    /// `GET /other/user/property`: the member's subscription and payments.
    ///
    /// # Errors
    /// A localized [`ApiError`] (e.g. an invalid session).
    pub async fn billing_summary(&self, locale: Locale) -> Result<BillingSummary, ApiError> {
        self.call(locale, "GET", "/other/user/property", None).await
    }

    /// `GET /other/user/receipt`: one of the member's payments as a receipt.
    ///
    /// # Errors
    /// A localized [`ApiError`] (not the member's, an invalid session).
    pub async fn receipt(&self, locale: Locale, receipt_no: &str) -> Result<ReceiptView, ApiError> {
        let path = format!("/other/user/receipt?receiptNo={}", encode(receipt_no));
        self.call(locale, "GET", &path, None).await
    }

    /// `PUT /admin/user/cancelSubscribe`: one-click cancel.
    ///
    /// # Errors
    /// A localized [`ApiError`].
    pub async fn cancel_subscription(&self, locale: Locale) -> Result<BillingSummary, ApiError> {
        let done: BillingDone = self
            .call(locale, "PUT", "/admin/user/cancelSubscribe", None)
            .await?;
        Ok(done.summary)
    }

    /// `POST /admin/order/refundDetail`: whether the latest payment can be refunded.
    ///
    /// # Errors
    /// A localized [`ApiError`].
    pub async fn refund_detail(&self, locale: Locale) -> Result<RefundDetail, ApiError> {
        self.call(
            locale,
            "POST",
            "/admin/order/refundDetail",
            Some(String::new()),
        )
        .await
    }

    /// `POST /admin/order/refund`: refunds the payment `charge_id`.
    ///
    /// # Errors
    /// A localized [`ApiError`] (not eligible, provider down).
    pub async fn refund(&self, locale: Locale, charge_id: i64) -> Result<BillingSummary, ApiError> {
        let body = form_body(&[("chargeId", &charge_id.to_string())]);
        let done: BillingDone = self
            .call(locale, "POST", "/admin/order/refund", Some(body))
            .await?;
        Ok(done.summary)
    }
}

/// Decodes an answer the way [`ApiClient`] does (for tests of bodies).
#[cfg(test)]
pub(super) fn decode_status(locale: Locale, body: &str) -> Result<OrderStatus, ApiError> {
    super::decode(locale, body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{t, Key};

    #[test]
    fn order_bodies_carry_every_field_trimmed_and_encoded() {
        let order = OrderRequest {
            plan_id: 7,
            method: MethodChoice::FastSpring,
            input: PaymentFormInput {
                email: " a.b@mail.com ".into(),
                zip: "10 110".into(),
                ..Default::default()
            },
            country: "ID".into(),
            idempotency_key: "k_0123456789abcdef".into(),
            number: crate::checkout::SearchedNumber::default(),
        };
        assert_eq!(
            order_body(&order),
            "planId=7&method=fastSpring&email=a.b%40mail.com&zip=10%20110&name=&document=&phone=&country=ID\
             &idempotencyKey=k_0123456789abcdef"
        );
        let searched = OrderRequest {
            number: crate::checkout::SearchedNumber {
                country: "ID".into(),
                phone: " +62 812 ".into(),
            },
            ..order
        };
        assert!(order_body(&searched).ends_with("&numberCountry=ID&numberPhone=%2B62%20812"));
    }

    #[test]
    fn refused_orders_keep_the_field_messages_of_the_answer() {
        let body = r#"{"success":0,"msg":"Please enter a correct mailbox","obj":{"emailErrorMsg":"Please enter a correct mailbox","zipErrorMsg":"zip!"}}"#;
        let error = order_error(Locale::En, body);
        assert_eq!(error.msg, "Please enter a correct mailbox");
        assert_eq!(
            error.fields,
            vec![
                (Slot::Email, "Please enter a correct mailbox".to_owned()),
                (Slot::Zip, "zip!".to_owned())
            ]
        );
        let provider = order_error(Locale::En, r#"{"success":0,"msg":"down","obj":null}"#);
        assert_eq!((provider.msg.as_str(), provider.fields.len()), ("down", 0));
        assert_eq!(
            order_error(Locale::En, "<html>").msg,
            t(Locale::En, Key::ErrorGeneric)
        );
    }

    #[test]
    fn order_statuses_decode_from_the_envelope() {
        let body = r#"{"success":1,"msg":"","obj":{"orderNo":"CT1","email":"a@b.co","outcome":"pending"}}"#;
        let status = decode_status(Locale::En, body).unwrap();
        assert_eq!(status.outcome, crate::model::billing::PayOutcome::Pending);
        assert_eq!(status.order_no, "CT1");
    }
}
