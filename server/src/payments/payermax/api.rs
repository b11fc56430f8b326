//! PayerMax's gateway as the adapter uses it: every request is one JSON
//! envelope `{version, keyVersion, requestTime, appId, merchantNo, data}`
//! POSTed to `/aggregate-pay/api/gateway/<api>`, signed SHA256withRSA
//! (PKCS#1 v1.5) over the exact body bytes with our private key, base64 in
//! the `sign` header. PayerMax signs its answers and notifications the same
//! way with its platform key; a success answer is believed only when that
//! signature holds. No call is ever repeated here.
use crate::payments::wire::{self, transport_error};
use crate::payments::PaymentError;
use crate::rsa_keys::{private_key_from, public_key_from};
use anyhow::Context as _;
use base64::{engine::general_purpose::STANDARD, Engine as _};
use rsa::pkcs1v15::{Signature, SigningKey, VerifyingKey};
use rsa::sha2::Sha256;
use rsa::signature::{RandomizedSigner as _, SignatureEncoding as _, Verifier as _};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// The signature header, both directions.
pub const SIGN_HEADER: &str = "sign";

/// The answer code of an accepted request.
pub const APPLY_SUCCESS: &str = "APPLY_SUCCESS";

/// Answer codes that mean PayerMax itself does not know the outcome yet
/// ("Request timeout or didn't get result, if you have finished to pay,
/// pls wait for the result"): as unknown as a time-out.
const OUTCOME_UNKNOWN: [&str; 3] = ["SYSTEM_ERROR", "REQUEST_TIMEOUT", "UNEXPECTED_ERROR"];

/// The gateway of one merchant app. `Debug` shows no key.
pub(super) struct Api {
    http: reqwest::Client,
    base: String,
    app_id: String,
    merchant_no: String,
    signer: SigningKey<Sha256>,
    platform: VerifyingKey<Sha256>,
}

impl std::fmt::Debug for Api {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Api")
            .field("base", &self.base)
            .field("merchant_no", &self.merchant_no)
            .finish_non_exhaustive()
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Envelope<'a, T> {
    version: &'a str,
    key_version: &'a str,
    request_time: String,
    app_id: &'a str,
    merchant_no: &'a str,
    data: T,
}

/// A gateway answer: `code` says whether the request was accepted (not
/// what became of the payment: that is `data.status`).
#[derive(Deserialize)]
pub(super) struct Reply {
    pub code: String,
    #[serde(default)]
    pub msg: String,
    pub data: Option<Box<RawValue>>,
}

impl Reply {
    /// Whether PayerMax says it has no such order or refund. Its
    /// documentation names no "unknown order" code; these are the forms it uses.
    pub(super) fn names_nothing(&self) -> bool {
        self.code.contains("NOT_EXIST") || self.code.contains("NOT_FOUND")
    }
}

impl Api {
    pub(super) fn new(
        base: &str,
        app_id: &str,
        merchant_no: &str,
        private_key: &str,
        platform_key: &str,
        timeout: std::time::Duration,
    ) -> anyhow::Result<Api> {
        let http = wire::http_client(timeout).context("building the HTTP client for PayerMax")?;
        Ok(Api {
            http,
            base: base.to_owned(),
            app_id: app_id.to_owned(),
            merchant_no: merchant_no.to_owned(),
            signer: SigningKey::new(private_key_from(private_key)?),
            platform: VerifyingKey::new(public_key_from(platform_key)?),
        })
    }

    /// Calls `api` with `data`. `Ok` carries any answer PayerMax gave with
    /// HTTP 2xx, its code included; callers decide what a refusal means.
    ///
    /// # Errors
    /// Transport failures, non-2xx answers ([`PaymentError::Rejected`]),
    /// answers that are not JSON or whose success is not signed by PayerMax
    /// ([`PaymentError::BadResponse`]), and the codes that leave the outcome
    /// unknown ([`PaymentError::Timeout`]).
    pub(super) async fn call(
        &self,
        api: &str,
        version: &str,
        data: impl Serialize,
        now_ms: i64,
    ) -> Result<Reply, PaymentError> {
        let envelope = Envelope {
            version,
            key_version: "1",
            request_time: crate::payments::wire::iso_ms_offset(now_ms),
            app_id: &self.app_id,
            merchant_no: &self.merchant_no,
            data,
        };
        let body = serde_json::to_vec(&envelope).map_err(|_| PaymentError::BadResponse)?;
        let sign = STANDARD.encode(
            self.signer
                .sign_with_rng(&mut rand_core::OsRng, &body)
                .to_bytes(),
        );
        let response = self
            .http
            .post(format!("{}/aggregate-pay/api/gateway/{api}", self.base))
            .header(SIGN_HEADER, sign)
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .map_err(|e| transport_error(&e))?;
        let status = response.status().as_u16();
        let signature = response
            .headers()
            .get(SIGN_HEADER)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let bytes = response.bytes().await.map_err(|e| transport_error(&e))?;
        let reply: Option<Reply> = serde_json::from_slice(&bytes).ok();
        if !(200..300).contains(&status) {
            let code = reply.map_or_else(|| "http".to_owned(), |r| r.code);
            return Err(PaymentError::Rejected { status, code });
        }
        let reply = reply.ok_or(PaymentError::BadResponse)?;
        if reply.code == APPLY_SUCCESS
            && !signature.is_some_and(|s| self.signed_by_platform(&bytes, &s))
        {
            return Err(PaymentError::BadResponse);
        }
        if OUTCOME_UNKNOWN.contains(&reply.code.as_str()) {
            return Err(PaymentError::Timeout);
        }
        Ok(reply)
    }

    /// Whether `signature` (base64) is PayerMax's signature of `body`.
    pub(super) fn signed_by_platform(&self, body: &[u8], signature: &str) -> bool {
        let compact: String = signature.chars().filter(|c| !c.is_whitespace()).collect();
        let Ok(bytes) = STANDARD.decode(compact) else {
            return false;
        };
        let Ok(signature) = Signature::try_from(bytes.as_slice()) else {
            return false;
        };
        self.platform.verify(body, &signature).is_ok()
    }
}

/// The refusal for an answer code that is not [`APPLY_SUCCESS`].
pub(super) fn refused(reply: &Reply) -> PaymentError {
    PaymentError::Rejected {
        status: 200,
        code: reply.code.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rsa::pkcs8::{EncodePrivateKey as _, EncodePublicKey as _, LineEnding};
    use rsa::RsaPrivateKey;

    #[test]
    fn keys_read_in_every_form_and_sign_verifiably() {
        let private = RsaPrivateKey::new(&mut rand_core::OsRng, 1024).unwrap();
        let pem = private.to_pkcs8_pem(LineEnding::LF).unwrap().to_string();
        let der = STANDARD.encode(private.to_pkcs8_der().unwrap().as_bytes());
        let public_pem = private
            .to_public_key()
            .to_public_key_pem(LineEnding::LF)
            .unwrap();
        assert_eq!(private_key_from(&pem).unwrap(), private);
        assert_eq!(
            private_key_from(&pem.replace('\n', "\\n")).unwrap(),
            private
        );
        assert_eq!(private_key_from(&der).unwrap(), private);
        assert_eq!(
            public_key_from(&public_pem).unwrap(),
            private.to_public_key()
        );
        assert!(private_key_from("not a key").is_err());
        assert!(
            public_key_from(&pem).is_err(),
            "a private key is not a platform key"
        );

        let api = Api::new(
            "https://x",
            "app",
            "P01",
            &pem,
            &public_pem,
            std::time::Duration::from_secs(1),
        )
        .unwrap();
        let body = br#"{"code":"APPLY_SUCCESS"}"#;
        let sign = STANDARD.encode(
            api.signer
                .sign_with_rng(&mut rand_core::OsRng, body)
                .to_bytes(),
        );
        assert!(api.signed_by_platform(body, &sign));
        assert!(
            !api.signed_by_platform(br#"{"code":"APPLY_SUCCESS" }"#, &sign),
            "one byte more is another body"
        );
        assert!(!api.signed_by_platform(body, "AAAA"));
        assert!(!format!("{api:?}").contains("BEGIN"));
    }
}
