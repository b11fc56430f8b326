//! Secrets kept at rest (staff TOTP keys, saved wallet tokens), sealed with
//! ChaCha20-Poly1305 (authenticated: a changed byte is refused, never
//! decrypted into garbage). A sealed value reads
//! `sealed1:<key id>:<base64url(nonce ‖ ciphertext ‖ tag)>`; the key id (the
//! start of the key's SHA-256) picks the key, and the purpose (which column)
//! is authenticated with it, so a value copied into another column is
//! refused too.
//!
//! Keys come from `SECRETS_KEY` (32 bytes, base64 or 64 hex digits) and,
//! while rotating, `SECRETS_KEY_PREVIOUS`: values are sealed with the
//! current key and opened with either, and `server secrets reseal` moves
//! every value to the current key. Without `SECRETS_KEY` a fixed
//! development key is used, which the server refuses outside developer or
//! sandbox mode on loopback (`Config::check_safe`).
use base64::Engine as _;
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, CHACHA20_POLY1305, NONCE_LEN};
use ring::rand::{SecureRandom as _, SystemRandom};
use sha2::{Digest as _, Sha256};
use std::fmt;

const PREFIX: &str = "sealed1";
const B64: base64::engine::GeneralPurpose = base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// Why a stored value could not be opened.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SealError {
    /// Not sealed: a value from before sealing (plain text).
    #[error("the value is not sealed")]
    Unsealed,
    /// Sealed with a key that is neither the current nor the previous one.
    #[error("the value was sealed with key {0}, which is not configured")]
    UnknownKey(String),
    /// Changed since it was sealed, or sealed for another purpose.
    #[error("the sealed value does not authenticate")]
    Tampered,
}

/// A configured key that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} must be 32 bytes as base64 or 64 hex digits")]
pub struct BadKey(pub &'static str);

#[derive(Clone)]
struct SealKey {
    id: String,
    bytes: [u8; 32],
}

impl SealKey {
    fn new(bytes: [u8; 32]) -> SealKey {
        let digest = Sha256::digest(bytes);
        let id = digest[..4].iter().map(|b| format!("{b:02x}")).collect();
        SealKey { id, bytes }
    }

    fn parse(text: &str, name: &'static str) -> Result<SealKey, BadKey> {
        let text = text.trim();
        let decoded = if text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
            (0..32)
                .map(|i| u8::from_str_radix(&text[i * 2..i * 2 + 2], 16))
                .collect::<Result<Vec<u8>, _>>()
                .ok()
        } else {
            base64::engine::general_purpose::STANDARD
                .decode(text)
                .or_else(|_| B64.decode(text))
                .ok()
        };
        let bytes: [u8; 32] = decoded
            .and_then(|d| d.try_into().ok())
            .ok_or(BadKey(name))?;
        Ok(SealKey::new(bytes))
    }

    fn aead(&self) -> LessSafeKey {
        LessSafeKey::new(
            UnboundKey::new(&CHACHA20_POLY1305, &self.bytes).expect("a 32-byte key fits"),
        )
    }
}

/// The keys secrets are sealed and opened with.
#[derive(Clone)]
pub struct Keyring {
    current: SealKey,
    previous: Option<SealKey>,
    development: bool,
}

impl fmt::Debug for Keyring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Keyring")
            .field("current", &self.current.id)
            .field("previous", &self.previous.as_ref().map(|k| &k.id))
            .field("development", &self.development)
            .finish()
    }
}

impl Keyring {
    /// The keys of `SECRETS_KEY` and `SECRETS_KEY_PREVIOUS`; the development
    /// key when there is no current key.
    ///
    /// # Errors
    /// A key that is not 32 bytes.
    pub fn from_config(current: Option<&str>, previous: Option<&str>) -> Result<Keyring, BadKey> {
        let previous = previous
            .map(|p| SealKey::parse(p, "SECRETS_KEY_PREVIOUS"))
            .transpose()?;
        let Some(current) = current else {
            return Ok(Keyring {
                previous,
                ..Keyring::development()
            });
        };
        Ok(Keyring {
            current: SealKey::parse(current, "SECRETS_KEY")?,
            previous,
            development: false,
        })
    }

    /// The fixed development key: anyone can read what it sealed.
    pub fn development() -> Keyring {
        let bytes: [u8; 32] = Sha256::digest(b"cool-tracker development secrets key").into();
        Keyring {
            current: SealKey::new(bytes),
            previous: None,
            development: true,
        }
    }

    /// Whether the current key is the development key.
    pub fn is_development(&self) -> bool {
        self.development
    }

    /// The id the current key stamps on what it seals.
    pub fn current_id(&self) -> &str {
        &self.current.id
    }

    /// `plaintext` sealed with the current key for `purpose`.
    pub fn seal(&self, purpose: &str, plaintext: &str) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        SystemRandom::new()
            .fill(&mut nonce)
            .expect("the system random source works");
        let mut sealed = plaintext.as_bytes().to_vec();
        self.current
            .aead()
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce),
                Aad::from(aad(&self.current.id, purpose)),
                &mut sealed,
            )
            .expect("a secret fits ChaCha20-Poly1305");
        let mut body = nonce.to_vec();
        body.extend_from_slice(&sealed);
        format!("{PREFIX}:{}:{}", self.current.id, B64.encode(body))
    }

    /// The plaintext of a value sealed for `purpose` with the current or the
    /// previous key.
    ///
    /// # Errors
    /// See [`SealError`].
    pub fn open(&self, purpose: &str, stored: &str) -> Result<String, SealError> {
        let (id, body) = split(stored).ok_or(SealError::Unsealed)?;
        let key = std::iter::once(&self.current)
            .chain(self.previous.as_ref())
            .find(|k| k.id == id)
            .ok_or_else(|| SealError::UnknownKey(id.to_owned()))?;
        let mut body = B64.decode(body).map_err(|_| SealError::Tampered)?;
        if body.len() < NONCE_LEN {
            return Err(SealError::Tampered);
        }
        let mut sealed = body.split_off(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(&body).map_err(|_| SealError::Tampered)?;
        let plain = key
            .aead()
            .open_in_place(nonce, Aad::from(aad(id, purpose)), &mut sealed)
            .map_err(|_| SealError::Tampered)?;
        String::from_utf8(plain.to_vec()).map_err(|_| SealError::Tampered)
    }

    /// `stored` sealed with the current key, when it is not already: a
    /// value of the previous key is opened and sealed again, a plain-text
    /// value from before sealing is sealed. `None` when nothing changes.
    ///
    /// # Errors
    /// A sealed value no configured key opens.
    pub fn reseal(&self, purpose: &str, stored: &str) -> Result<Option<String>, SealError> {
        match split(stored) {
            Some((id, _)) if id == self.current.id => Ok(None),
            Some(_) => Ok(Some(self.seal(purpose, &self.open(purpose, stored)?))),
            None => Ok(Some(self.seal(purpose, stored))),
        }
    }
}

/// The authenticated data: the format, the key id and the purpose.
fn aad(id: &str, purpose: &str) -> Vec<u8> {
    format!("{PREFIX}:{id}:{purpose}").into_bytes()
}

/// `(key id, body)` of a sealed value; `None` for anything else.
fn split(stored: &str) -> Option<(&str, &str)> {
    let rest = stored.strip_prefix(PREFIX)?.strip_prefix(':')?;
    rest.split_once(':')
}

/// Whether `stored` is a sealed value (of any key).
pub fn is_sealed(stored: &str) -> bool {
    split(stored).is_some()
}

#[cfg(test)]
mod tests;
