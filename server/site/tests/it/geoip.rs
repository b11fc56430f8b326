//! `/other/ipInfo` with the real IP-to-country database the scripts install
//! (ip-location-db's geo-whois-asn-country, `ensure_geoip_db` in scripts/lib.sh).
use crate::util::TestApp;
use std::path::PathBuf;

/// The database file from `GEOIP_TEST_DB`. Without it the test cannot run: in
/// CI that is a broken setup and fails; on a developer machine it is skipped
/// with a notice saying how to get the file.
fn test_db() -> Option<PathBuf> {
    const HOW: &str = "GEOIP_TEST_DB is unset: run scripts/test.sh, or \
        `GEOIP_TEST_DB=$(bash -c 'source scripts/lib.sh && ensure_geoip_db')` before cargo test";
    match std::env::var_os("GEOIP_TEST_DB").filter(|v| !v.is_empty()) {
        Some(path) => Some(PathBuf::from(path)),
        None if std::env::var_os("CI").is_some() => panic!("{HOW}"),
        None => {
            eprintln!("skipped: {HOW}");
            None
        }
    }
}

#[tokio::test]
async fn public_addresses_get_their_country_from_the_ip_database() {
    let Some(path) = test_db() else { return };
    let apps = TestApp::all_configured(|c| {
        c.geoip_db_path = Some(path.clone());
        c.trust_forwarded_for = true;
    })
    .await;
    let cases = [
        ("8.8.8.8", "US"),
        ("36.64.0.1", "ID"),
        ("2001:4860:4860::8888", "US"),
        ("1.0.1.1", "CN"),
    ];
    for app in apps {
        for (ip, country) in cases {
            // The browser language names another country: the IP must win.
            let headers = [("x-forwarded-for", ip), ("accept-language", "zh-TW")];
            let json = app
                .get_with("/api_f/v1/other/ipInfo", &headers)
                .await
                .json();
            assert_eq!(json["success"], 1, "{:?} {ip}", app.backend);
            assert_eq!(json["obj"]["nationalCountry"], country, "{ip}");
            assert_eq!(json["obj"]["source"], "ip", "{ip}");
        }
    }
}

#[tokio::test]
async fn addresses_the_database_does_not_know_fall_back_to_the_language() {
    let Some(path) = test_db() else { return };
    let apps = TestApp::all_configured(|c| {
        c.geoip_db_path = Some(path.clone());
        c.trust_forwarded_for = true;
    })
    .await;
    for app in apps {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "192.168.0.10",
            "100.64.0.1",
            "::1",
            "fd00::1",
        ] {
            let headers = [
                ("x-forwarded-for", ip),
                ("accept-language", "id-ID,id;q=0.9"),
            ];
            let json = app
                .get_with("/api_f/v1/other/ipInfo", &headers)
                .await
                .json();
            assert_eq!(
                json["obj"]["nationalCountry"], "ID",
                "{:?} {ip}",
                app.backend
            );
            assert_eq!(json["obj"]["source"], "accept-language", "{ip}");
        }
    }
}
