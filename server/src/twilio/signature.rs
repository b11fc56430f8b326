//! `X-Twilio-Signature`: how Twilio signs the requests it sends us, and
//! the check, as Twilio's own `RequestValidator` (twilio-python) does both.
use base64::Engine as _;
use hmac::{Hmac, KeyInit, Mac as _};
use sha1::Sha1;
use subtle::ConstantTimeEq as _;

/// `X-Twilio-Signature` of a form POST to `url`, as Twilio's own
/// `RequestValidator.compute_signature` makes it: base64(HMAC-SHA1(auth
/// token, url + name and value of each parameter)), names sorted, and each
/// name's distinct values sorted (a repeated pair is signed once). `url` is
/// the full URL Twilio requested, query string included.
pub fn signature(auth_token: &str, url: &str, params: &[(String, String)]) -> String {
    let mut pairs: Vec<&(String, String)> = params.iter().collect();
    pairs.sort();
    pairs.dedup();
    let mut mac = <Hmac<Sha1> as KeyInit>::new_from_slice(auth_token.as_bytes())
        .expect("HMAC takes keys of any length");
    mac.update(url.as_bytes());
    for (name, value) in pairs {
        mac.update(name.as_bytes());
        mac.update(value.as_bytes());
    }
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

/// Whether `header_value` is the [`signature`] of this request, for `url`
/// with or without its port, as Twilio's validator accepts both ("since
/// signature generation on the back end is inconsistent"). Compared in
/// constant time so a forger learns nothing from response times.
pub fn verify_signature(
    auth_token: &str,
    url: &str,
    params: &[(String, String)],
    header_value: &str,
) -> bool {
    let given = header_value.trim().as_bytes();
    let (without_port, with_port) = port_spellings(url);
    let matches = |candidate: &str| -> bool {
        signature(auth_token, candidate, params)
            .as_bytes()
            .ct_eq(given)
            .into()
    };
    // Both are always computed: which spelling matched stays unobservable.
    let first = matches(&without_port);
    let second = matches(&with_port);
    first | second
}

/// `url` without its port, and with its port (the scheme's default, 443 or
/// 80, when it names none), like the validator's `remove_port`/`add_port`.
fn port_spellings(url: &str) -> (String, String) {
    let Some(scheme_end) = url.find("://") else {
        return (url.to_owned(), url.to_owned());
    };
    let host_start = scheme_end + 3;
    let host_end = url[host_start..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| host_start + i);
    let authority = &url[host_start..host_end];
    // A colon after the last `]` (IPv6 literal) starts the port.
    let port_at = authority
        .rfind(':')
        .filter(|at| authority.rfind(']').is_none_or(|bracket| *at > bracket));
    let (head, tail) = (&url[..host_start], &url[host_end..]);
    match port_at {
        Some(at) => (format!("{head}{}{tail}", &authority[..at]), url.to_owned()),
        None => {
            let port = if url[..scheme_end].eq_ignore_ascii_case("https") {
                443
            } else {
                80
            };
            (url.to_owned(), format!("{head}{authority}:{port}{tail}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::twilio::form;

    const SDK_URL: &str = "https://mycompany.com/myapp.php?foo=1&bar=2";

    /// twilio-python's `tests/unit/test_request_validator.py` vectors.
    #[test]
    fn signature_matches_the_official_sdk_vectors() {
        let params = form(&[
            ("CallSid", "CA1234567890ABCDE"),
            ("Digits", "1234"),
            ("From", "+14158675309"),
            ("To", "+18005551212"),
            ("Caller", "+14158675309"),
        ]);
        assert_eq!(
            signature("12345", SDK_URL, &params),
            "RSOYDt4T1cUTdK1PDd93/VVr8B8="
        );
        // A name sent three times with a repeated value: names and values
        // sorted, the repeated pair signed once.
        let repeated = form(&[
            ("Sid", "CA123"),
            ("SidAccount", "AC123"),
            ("Digits", "5678"),
            ("Digits", "1234"),
            ("Digits", "1234"),
        ]);
        assert!(verify_signature(
            "12345",
            SDK_URL,
            &repeated,
            "IK+Dwps556ElfBT0I3Rgjkr1wJU="
        ));
    }

    /// The SDK's `test_validation_removes_port_on_https` and
    /// `test_validation_adds_port_on_https`.
    #[test]
    fn a_url_is_accepted_with_or_without_its_port() {
        let params = form(&[
            ("CallSid", "CA1234567890ABCDE"),
            ("Digits", "1234"),
            ("From", "+14158675309"),
            ("To", "+18005551212"),
            ("Caller", "+14158675309"),
        ]);
        let signed = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";
        let with_port = SDK_URL.replace(".com", ".com:1234");
        assert!(verify_signature("12345", &with_port, &params, signed));
        let default_port = SDK_URL.replace(".com", ".com:443");
        let signed_with_port = signature("12345", &default_port, &params);
        assert!(verify_signature(
            "12345",
            SDK_URL,
            &params,
            &signed_with_port
        ));
        assert!(!verify_signature(
            "12345",
            &SDK_URL.replace("myapp", "other"),
            &params,
            signed
        ));
        assert_eq!(
            port_spellings("http://[::1]:8080/a?b=1"),
            (
                "http://[::1]/a?b=1".to_owned(),
                "http://[::1]:8080/a?b=1".to_owned()
            )
        );
        assert_eq!(
            port_spellings("http://[::1]/a"),
            ("http://[::1]/a".to_owned(), "http://[::1]:80/a".to_owned())
        );
    }

    /// The example of Twilio's webhook security docs.
    #[test]
    fn signature_matches_twilio_s_documented_example() {
        let params = form(&[
            ("CallSid", "CA1234567890ABCDE"),
            ("Caller", "+12349013030"),
            ("Digits", "1234"),
            ("From", "+12349013030"),
            ("To", "+18005551212"),
        ]);
        let url = "https://mycompany.com/myapp.php?foo=1&bar=2";
        assert_eq!(
            signature("12345", url, &params),
            "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
        );
        assert!(verify_signature(
            "12345",
            url,
            &params,
            "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
        ));
    }

    #[test]
    fn parameter_order_does_not_matter_but_every_byte_does() {
        let url = "https://mycompany.com/myapp.php?foo=1&bar=2";
        let params = form(&[
            ("To", "+18005551212"),
            ("From", "+12349013030"),
            ("Digits", "1234"),
            ("Caller", "+12349013030"),
            ("CallSid", "CA1234567890ABCDE"),
        ]);
        assert!(verify_signature(
            "12345",
            url,
            &params,
            "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
        ));
        assert!(!verify_signature(
            "12346",
            url,
            &params,
            "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
        ));
        assert!(!verify_signature(
            "12345",
            "https://mycompany.com/myapp.php",
            &params,
            "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
        ));
        assert!(!verify_signature(
            "12345",
            url,
            &params[1..],
            "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
        ));
        assert!(!verify_signature("12345", url, &params, ""));
    }
}
