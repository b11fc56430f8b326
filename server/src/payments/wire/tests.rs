use super::*;

#[test]
fn decimals_become_exact_minor_units() {
    assert_eq!(decimal_minor("72.00", 2), Some(7200));
    assert_eq!(decimal_minor("72", 2), Some(7200));
    assert_eq!(decimal_minor("0.99", 2), Some(99));
    assert_eq!(decimal_minor("29.9", 2), Some(2990));
    assert_eq!(decimal_minor("300", 0), Some(300));
    assert_eq!(
        decimal_minor("300.000", 0),
        Some(300),
        "trailing zeros are exact"
    );
    assert_eq!(decimal_minor("-1.50", 2), Some(-150));
    assert_eq!(decimal_minor("1.005", 3), Some(1005));
    // A float would turn 0.29 * 100 into 28.999…; digits do not.
    assert_eq!(decimal_minor("0.29", 2), Some(29));
    assert_eq!(decimal_minor("19999999.99", 2), Some(1_999_999_999));
}

#[test]
fn anything_else_is_refused() {
    for bad in [
        "",
        ".",
        "1.",
        ".5",
        "1e3",
        "7.2E1",
        "0x10",
        "1,00",
        " 1",
        "+1",
        "1.999",
        "--1",
        "NaN",
        "99999999999999999999",
    ] {
        assert_eq!(decimal_minor(bad, 2), None, "{bad:?}");
    }
    assert_eq!(decimal_minor("300.5", 0), None, "IDR has no fraction");
}

#[test]
fn raw_json_amounts_are_read_as_written() {
    let body = r#"{"a": 72.00, "b": "59.99", "c": 0.1, "d": 1e2}"#;
    let map: HashMap<String, Box<RawValue>> = serde_json::from_str(body).unwrap();
    assert_eq!(raw_minor(&map["a"], 2), Some(7200));
    assert_eq!(raw_minor(&map["b"], 2), Some(5999));
    assert_eq!(raw_minor(&map["c"], 2), Some(10));
    assert_eq!(
        raw_minor(&map["d"], 2),
        None,
        "exponent notation is not an amount"
    );
    assert_eq!(json_decimal(7200, 2).get(), "72.00");
    assert_eq!(json_decimal(300, 0).get(), "300");
}

#[test]
fn exponents_follow_the_currency() {
    assert_eq!(exponent_of("USD"), 2);
    assert_eq!(exponent_of("PHP"), 2);
    assert_eq!(exponent_of("IDR"), 0);
    assert_eq!(exponent_of("JPY"), 0);
    assert_eq!(exponent_of("KWD"), 3);
}

#[test]
fn instants_parse_in_every_provider_form() {
    assert_eq!(rfc3339_ms("1970-01-01T00:00:00Z"), Some(0));
    assert_eq!(rfc3339_ms("2023-11-01T00:00:00Z"), Some(1_698_796_800_000));
    assert_eq!(
        rfc3339_ms("2024-01-11T08:34:01.787929Z"),
        Some(1_704_962_041_787)
    );
    assert_eq!(
        rfc3339_ms("2019-06-26T15:17:31.000+0000"),
        Some(1_561_562_251_000)
    );
    assert_eq!(
        rfc3339_ms("2019-06-26T17:17:31.5+02:00"),
        Some(1_561_562_251_500)
    );
    assert_eq!(
        rfc3339_ms("2018-02-15T15:14:52-00:00"),
        Some(1_518_707_692_000)
    );
    for bad in [
        "",
        "2024-01-11",
        "2024-13-01T00:00:00Z",
        "2024-01-11T08:34:01",
        "2024-01-11T08:34:01.Z",
        "yesterday",
    ] {
        assert_eq!(rfc3339_ms(bad), None, "{bad:?}");
    }
}

#[test]
fn instants_format_for_x_date_and_round_trip() {
    assert_eq!(iso_ms(1_531_403_188_629), "2018-07-12T13:46:28.629Z");
    assert_eq!(iso_ms(0), "1970-01-01T00:00:00.000Z");
    for ms in [0, 951_782_400_000, 1_709_164_800_123, 4_102_444_799_999] {
        assert_eq!(rfc3339_ms(&iso_ms(ms)), Some(ms));
    }
}

mod provider_forms {
    use super::super::{
        decimal_minor as parse_minor, exponent_of, iso_ms_offset as rfc3339_ms,
        rfc3339_ms as parse_rfc3339_ms,
    };

    #[test]
    fn decimal_amounts_read_exactly() {
        assert_eq!(parse_minor("9.99", 2), Some(999));
        assert_eq!(parse_minor("21.0", 2), Some(2100));
        assert_eq!(parse_minor("0.1", 2), Some(10));
        assert_eq!(parse_minor(".5", 2), None, "a decimal starts with a digit");
        assert_eq!(parse_minor("10000", 0), Some(10_000));
        assert_eq!(parse_minor("300.00", 0), Some(300));
        assert_eq!(parse_minor("-0.01", 2), Some(-1));
        assert_eq!(
            parse_minor("1.005", 2),
            None,
            "a fraction of a cent is not money we can book"
        );
        assert_eq!(parse_minor("300.5", 0), None);
        for bad in [
            "",
            ".",
            "5.",
            "1e3",
            "1,00",
            "+1",
            "--1",
            "0x10",
            "99999999999999999999",
        ] {
            assert_eq!(parse_minor(bad, 2), None, "{bad:?}");
        }
        assert_eq!(exponent_of("usd"), 2);
        assert_eq!(exponent_of("IDR"), 0);
        assert_eq!(exponent_of("KWD"), 3);
    }

    #[test]
    fn instants_round_trip_and_tolerate_provider_forms() {
        assert_eq!(parse_rfc3339_ms("1970-01-01T00:00:00Z"), Some(0));
        assert_eq!(
            parse_rfc3339_ms("2016-09-21T22:00:45Z"),
            Some(1_474_495_245_000)
        );
        let ms = 1_704_879_296_434;
        assert_eq!(rfc3339_ms(ms), "2024-01-10T09:34:56.434+00:00");
        assert_eq!(parse_rfc3339_ms(&rfc3339_ms(ms)), Some(ms));
        assert_eq!(parse_rfc3339_ms("2024-01-10T16:34:56.434+07:00"), Some(ms));
        assert_eq!(parse_rfc3339_ms("2024-01-10T09:34:56.434123Z"), Some(ms));
        assert_eq!(
            parse_rfc3339_ms("2025-02-27T09:41:12 +0000"),
            Some(1_740_649_272_000)
        );
        assert_eq!(
            parse_rfc3339_ms("2000-02-29T00:00:00Z"),
            Some(951_782_400_000)
        );
        for bad in [
            "",
            "2024-01-10",
            "2024-13-01T00:00:00Z",
            "2024-01-10T09:34:56",
            "yesterday",
        ] {
            assert_eq!(parse_rfc3339_ms(bad), None, "{bad:?}");
        }
    }
}

#[test]
fn a_payer_who_had_the_trial_gets_the_no_trial_price_or_none() {
    use super::price_for;
    use std::collections::HashMap;
    let usual = HashMap::from([(1, "pri_trial".to_owned()), (2, "pri_plain".to_owned())]);
    let full = HashMap::from([(1, "pri_full".to_owned())]);
    assert_eq!(
        price_for(&usual, &full, 1, false).map(String::as_str),
        Some("pri_trial")
    );
    assert_eq!(
        price_for(&usual, &full, 1, true).map(String::as_str),
        Some("pri_full")
    );
    assert_eq!(price_for(&usual, &full, 2, true), None);
    assert_eq!(price_for(&usual, &full, 3, false), None);
}
