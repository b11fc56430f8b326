//! RSA keys as operators paste them into settings: PEM of either standard
//! encoding, or the bare base64 of the DER. Read once when the settings are
//! (a key that does not parse stops the start), and again by the adapter
//! that signs with it.
use anyhow::bail;
use base64::{engine::general_purpose::STANDARD, Engine as _};
use rsa::pkcs1::{DecodeRsaPrivateKey, DecodeRsaPublicKey};
use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey};
use rsa::{RsaPrivateKey, RsaPublicKey};

/// A private key: PKCS#8 or PKCS#1 PEM, or the bare base64 payment
/// dashboards and SDKs use (PayerMax's). `\n` written as two characters
/// (common in env files) is read as a line break.
///
/// # Errors
/// The text is no RSA private key in any of those forms.
pub fn private_key_from(text: &str) -> anyhow::Result<RsaPrivateKey> {
    let text = text.replace("\\n", "\n");
    let key = if text.contains("BEGIN PRIVATE KEY") {
        RsaPrivateKey::from_pkcs8_pem(text.trim()).ok()
    } else if text.contains("BEGIN RSA PRIVATE KEY") {
        RsaPrivateKey::from_pkcs1_pem(text.trim()).ok()
    } else {
        bare_der(&text).and_then(|der| {
            RsaPrivateKey::from_pkcs8_der(&der)
                .or_else(|_| RsaPrivateKey::from_pkcs1_der(&der))
                .ok()
        })
    };
    match key {
        Some(key) => Ok(key),
        None => bail!("not an RSA private key (PKCS#8 or PKCS#1, PEM or base64)"),
    }
}

/// A public key: SPKI or PKCS#1 PEM, or bare base64.
///
/// # Errors
/// The text is no RSA public key in any of those forms.
pub fn public_key_from(text: &str) -> anyhow::Result<RsaPublicKey> {
    let text = text.replace("\\n", "\n");
    let key = if text.contains("BEGIN PUBLIC KEY") {
        RsaPublicKey::from_public_key_pem(text.trim()).ok()
    } else if text.contains("BEGIN RSA PUBLIC KEY") {
        RsaPublicKey::from_pkcs1_pem(text.trim()).ok()
    } else {
        bare_der(&text).and_then(|der| {
            RsaPublicKey::from_public_key_der(&der)
                .or_else(|_| RsaPublicKey::from_pkcs1_der(&der))
                .ok()
        })
    };
    match key {
        Some(key) => Ok(key),
        None => bail!("not an RSA public key (SPKI or PKCS#1, PEM or base64)"),
    }
}

fn bare_der(text: &str) -> Option<Vec<u8>> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    STANDARD.decode(compact).ok()
}
