//! Expected values checked against phonenumbers 9.0.42 (Python).
use super::*;

fn data() -> &'static PhoneData {
    PhoneData::global()
}

fn zones(digits: &str) -> Vec<&str> {
    data().time_zones(digits).iter().map(|z| &**z).collect()
}

#[test]
fn every_entry_is_loaded() {
    assert_eq!(data().stats(), (287_146, 29_120, 3_240));
}

#[test]
fn us_area() {
    // Only the prefix 1201 matches: longer prefixes are other exchanges.
    assert_eq!(data().area("12015550123", Lang::En), Some("New Jersey"));
    assert_eq!(
        data().area("12012001234", Lang::En),
        Some("Jersey City, NJ")
    );
    assert_eq!(data().area("12015550123", Lang::Id), Some("New Jersey"));
    // No Chinese text for US prefixes, and no English fallback for zh.
    assert_eq!(data().area("12015550123", Lang::Zh), None);
}

#[test]
fn jakarta_area() {
    assert_eq!(
        data().area("622112345678", Lang::En),
        Some("Greater Jakarta")
    );
    assert_eq!(data().area("622112345678", Lang::Id), Some("Jabodetabek"));
    assert_eq!(data().area("622112345678", Lang::Zh), None);
    // Id falls back to English per prefix.
    assert_eq!(data().area("4420712345678", Lang::Id), Some("London"));
}

#[test]
fn chinese_area() {
    assert_eq!(data().area("861012345678", Lang::En), Some("Beijing"));
    assert_eq!(data().area("861012345678", Lang::Id), Some("Beijing"));
    assert_eq!(data().area("861012345678", Lang::Zh), Some("北京市"));
    assert_eq!(data().area("8675512345678", Lang::Zh), Some("广东省深圳市"));
    assert_eq!(data().area("8613800138000", Lang::Zh), Some("北京市"));
}

#[test]
fn walks_down_to_a_prefix_with_the_language() {
    // 86879100 has English only; 86879 has Chinese.
    assert_eq!(
        data().area("8687910012345", Lang::En),
        Some("Simao, Yunnan")
    );
    assert_eq!(data().area("8687910012345", Lang::Zh), Some("云南省普洱市"));
    // 8868230 has Chinese only; 886823 has English.
    assert_eq!(data().area("886823012345", Lang::Zh), Some("屏东"));
    assert_eq!(data().area("886823012345", Lang::En), Some("Kinmen"));
}

#[test]
fn carriers() {
    assert_eq!(data().carrier("6281234567890", Lang::En), Some("Telkomsel"));
    assert_eq!(data().carrier("6281234567890", Lang::Id), Some("Telkomsel"));
    assert_eq!(data().carrier("6281234567890", Lang::Zh), None);
    assert_eq!(
        data().carrier("8613800138000", Lang::En),
        Some("China Mobile")
    );
    assert_eq!(data().carrier("8613800138000", Lang::Zh), Some("中国移动"));
    assert_eq!(data().carrier("85244012345", Lang::Zh), Some("中国移动"));
    assert_eq!(data().carrier("12015550123", Lang::En), None);
}

#[test]
fn time_zones() {
    assert_eq!(zones("12015550123"), ["America/New_York"]);
    assert_eq!(zones("6281112345678"), ["Asia/Jakarta", "Asia/Makassar"]);
    assert_eq!(zones("6281234567890"), ["Asia/Jakarta"]);
    assert_eq!(zones("622112345678"), ["Asia/Jakarta"]);
    assert_eq!(zones("6561234567"), ["Asia/Singapore"]);
    assert_eq!(zones("1").len(), 42);
    assert!(zones("999").is_empty());
}

#[test]
fn garbage_never_panics() {
    let long = "6".repeat(10_000);
    for input in [
        "", "+", "+6221", "abc", "62a21", "٦٢٢١", "6\u{0}21", "🙂", "-1", &long,
    ] {
        for lang in [Lang::En, Lang::Id, Lang::Zh] {
            let _ = data().area(input, lang);
            let _ = data().carrier(input, lang);
        }
        let _ = data().time_zones(input);
    }
    assert_eq!(data().area("", Lang::En), None);
    assert_eq!(data().area("+622112345678", Lang::En), None);
    assert_eq!(data().area("abc", Lang::En), None);
    assert!(data().time_zones("").is_empty());
    assert!(data().time_zones("x62").is_empty());
    // Only the leading digits count.
    assert_eq!(data().area("6221x", Lang::En), Some("Greater Jakarta"));
    assert_eq!(data().area("62", Lang::En), None);
    assert_eq!(
        zones("62"),
        ["Asia/Jakarta", "Asia/Jayapura", "Asia/Makassar"]
    );
}

#[test]
fn compact() {
    // About 3.8 MB for the shipped data.
    let heap = data().heap_bytes();
    assert!(heap < 8 << 20, "{heap} bytes");
}
