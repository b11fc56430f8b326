//! The bar for the phone engine: on a corpus of 12,000+ inputs over 60+
//! regions (scripts/gen-phone-corpus.py), every answer equals Python
//! `phonenumbers` 9.0.42, the reference port on the same metadata version
//! as the engine (rlibphonenumber 2.2.15 ships libphonenumber v9.0.42).
use serde::Deserialize;
use server::domain::phone::{self, PhoneFormat};

#[derive(Deserialize)]
struct Case {
    input: String,
    region: Option<String>,
    parse_ok: bool,
    parse_error: Option<String>,
    valid: Option<bool>,
    r#type: Option<String>,
    possible_reason: Option<String>,
    e164: Option<String>,
    international: Option<String>,
    national: Option<String>,
    rfc3966: Option<String>,
    country_code: Option<u16>,
    extension: Option<String>,
    region_of_number: Option<String>,
}

fn compare(case: &Case) -> Vec<String> {
    let mut diffs = Vec::new();
    let mut check = |field: &str, expected: Option<String>, actual: Option<String>| {
        if expected != actual {
            diffs.push(format!("{field}: expected {expected:?}, got {actual:?}"));
        }
    };
    match phone::parse(&case.input, case.region.as_deref()) {
        Err(e) => {
            check(
                "parse_ok",
                Some(case.parse_ok.to_string()),
                Some("false".into()),
            );
            check(
                "parse_error",
                case.parse_error.clone(),
                Some(e.name().into()),
            );
        }
        Ok(p) => {
            check(
                "parse_ok",
                Some(case.parse_ok.to_string()),
                Some("true".into()),
            );
            if !case.parse_ok {
                return diffs;
            }
            check(
                "valid",
                case.valid.map(|v| v.to_string()),
                Some(p.is_valid().to_string()),
            );
            check(
                "type",
                case.r#type.clone(),
                Some(p.number_type().name().into()),
            );
            check(
                "possible_reason",
                case.possible_reason.clone(),
                Some(p.length_check().name().into()),
            );
            check("e164", case.e164.clone(), Some(p.format(PhoneFormat::E164)));
            check(
                "international",
                case.international.clone(),
                Some(p.format(PhoneFormat::International)),
            );
            check(
                "national",
                case.national.clone(),
                Some(p.format(PhoneFormat::National)),
            );
            check(
                "rfc3966",
                case.rfc3966.clone(),
                Some(p.format(PhoneFormat::Rfc3966)),
            );
            check(
                "country_code",
                case.country_code.map(|c| c.to_string()),
                Some(p.calling_code().to_string()),
            );
            check(
                "extension",
                case.extension.clone(),
                p.extension().map(str::to_owned),
            );
            check(
                "region_of_number",
                case.region_of_number.clone(),
                p.region(),
            );
        }
    }
    diffs
}

#[test]
fn engine_agrees_with_the_reference_on_every_corpus_line() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/phone-corpus.jsonl");
    let text = std::fs::read_to_string(path).expect("corpus present (scripts/gen-phone-corpus.py)");
    let cases: Vec<Case> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("corpus line"))
        .collect();
    let regions: std::collections::BTreeSet<_> =
        cases.iter().filter_map(|c| c.region.clone()).collect();
    let invalid = cases.iter().filter(|c| c.valid != Some(true)).count();
    assert!(cases.len() >= 10_000, "{} cases", cases.len());
    assert!(regions.len() >= 40, "{} regions", regions.len());
    assert!(
        (0.10..0.20).contains(&(invalid as f64 / cases.len() as f64)),
        "invalid share"
    );

    let mut failures = Vec::new();
    for case in &cases {
        let diffs = compare(case);
        if !diffs.is_empty() {
            failures.push(format!(
                "{:?} / {:?}: {}",
                case.input,
                case.region,
                diffs.join("; ")
            ));
        }
    }
    println!(
        "phone corpus: {} cases, {} regions, {} disagreements",
        cases.len(),
        regions.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} inputs disagree with phonenumbers 9.0.42:\n{}",
        failures.len(),
        cases.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
