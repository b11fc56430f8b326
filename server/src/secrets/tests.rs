use super::*;

const OLD: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const NEW: &str = "ICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw9Pj8="; // bytes 32..=63, base64

fn ring(current: &str, previous: Option<&str>) -> Keyring {
    Keyring::from_config(Some(current), previous).expect("valid keys")
}

#[test]
fn a_sealed_value_is_not_the_plaintext_and_opens_again() {
    let keys = ring(OLD, None);
    let sealed = keys.seal("staff_users.totp_secret", "JBSWY3DPEHPK3PXP");
    assert!(sealed.starts_with(&format!("sealed1:{}:", keys.current_id())));
    assert!(!sealed.contains("JBSWY3DPEHPK3PXP"));
    assert_ne!(
        sealed,
        keys.seal("staff_users.totp_secret", "JBSWY3DPEHPK3PXP"),
        "fresh nonce"
    );
    assert_eq!(
        keys.open("staff_users.totp_secret", &sealed).as_deref(),
        Ok("JBSWY3DPEHPK3PXP")
    );
}

#[test]
fn a_changed_byte_another_purpose_or_another_key_is_refused() {
    let keys = ring(OLD, None);
    let sealed = keys.seal("a", "secret");
    let mut tampered = sealed.clone().into_bytes();
    let last = tampered.len() - 3;
    tampered[last] = if tampered[last] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).unwrap();
    assert_eq!(keys.open("a", &tampered), Err(SealError::Tampered));
    assert_eq!(keys.open("b", &sealed), Err(SealError::Tampered));
    let other = ring(NEW, None);
    assert!(matches!(
        other.open("a", &sealed),
        Err(SealError::UnknownKey(_))
    ));
    assert_eq!(keys.open("a", "JBSWY3DP"), Err(SealError::Unsealed));
}

#[test]
fn rotation_reads_with_the_previous_key_and_reseals_to_the_current() {
    let old = ring(OLD, None);
    let sealed = old.seal("a", "secret");
    let rotating = ring(NEW, Some(OLD));
    assert_eq!(rotating.open("a", &sealed).as_deref(), Ok("secret"));
    let moved = rotating
        .reseal("a", &sealed)
        .unwrap()
        .expect("moved to the new key");
    assert_eq!(rotating.reseal("a", &moved), Ok(None), "already current");
    let new = ring(NEW, None);
    assert_eq!(new.open("a", &moved).as_deref(), Ok("secret"));
    assert!(new.open("a", &sealed).is_err(), "the old key is gone");
    let legacy = new
        .reseal("a", "plain")
        .unwrap()
        .expect("plain text sealed");
    assert_eq!(new.open("a", &legacy).as_deref(), Ok("plain"));
}

#[test]
fn keys_must_be_32_bytes_and_the_development_key_is_marked() {
    assert!(Keyring::from_config(Some("short"), None).is_err());
    assert!(Keyring::from_config(Some(OLD), Some("nope")).is_err());
    assert!(!ring(OLD, None).is_development());
    let dev = Keyring::from_config(None, None).unwrap();
    assert!(dev.is_development());
    assert!(!format!("{dev:?}").contains(OLD));
}
