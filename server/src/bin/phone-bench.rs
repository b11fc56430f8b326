//! Phone-layer benchmark (run by scripts/bench-phone.sh, which compares it
//! with Python phonenumbers). Prints `key=value` lines:
//! full ops/s (parse + validate + type + E164/international/national) on the
//! corpus, lookup ops/s (carrier + area + time zones), load time and the RSS
//! growth from loading every table and touching every region's metadata.
use server::domain::phone::{self, PhoneFormat};
use server::domain::phone_data::{Lang, PhoneData};
use std::time::{Duration, Instant};

fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))?
                .split_whitespace()
                .nth(1)?
                .parse()
                .ok()
        })
        .unwrap_or(0)
}

fn corpus() -> Vec<(String, Option<String>)> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "server/site/tests/data/phone-corpus.jsonl".into());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("corpus line");
            (
                v["input"].as_str().unwrap_or_default().to_owned(),
                v["region"].as_str().map(str::to_owned),
            )
        })
        .collect()
}

/// Runs `pass` until `budget` is spent (after one warm-up pass); returns ops/s.
fn rate(ops_per_pass: usize, budget: Duration, mut pass: impl FnMut() -> usize) -> f64 {
    std::hint::black_box(pass());
    let start = Instant::now();
    let mut ops = 0;
    while start.elapsed() < budget {
        std::hint::black_box(pass());
        ops += ops_per_pass;
    }
    ops as f64 / start.elapsed().as_secs_f64()
}

fn main() {
    let cases = corpus();
    let rss_before = rss_kb();
    let load_start = Instant::now();
    let data = PhoneData::load();
    let load_ms = load_start.elapsed().as_secs_f64() * 1000.0;
    let valid: Vec<phone::Phone> = cases
        .iter()
        .filter_map(|(i, r)| phone::parse(i, r.as_deref()).ok())
        .filter(phone::Phone::is_valid)
        .collect();

    let full = rate(cases.len(), Duration::from_secs(3), || {
        let mut n = 0;
        for (input, region) in &cases {
            if let Ok(p) = phone::parse(input, region.as_deref()) {
                n += usize::from(p.is_valid()) + p.number_type().name().len();
                n += p.format(PhoneFormat::E164).len() + p.format(PhoneFormat::International).len();
                n += p.format(PhoneFormat::National).len();
            }
        }
        n
    });
    let keys: Vec<(String, bool, bool, String)> = valid
        .iter()
        .map(|p| {
            let t = p.number_type();
            (
                p.e164_digits(),
                t.has_carrier(),
                p.is_geographical(),
                p.calling_code().to_string(),
            )
        })
        .collect();
    let lookup = rate(keys.len(), Duration::from_secs(3), || {
        let mut n = 0;
        for (digits, has_carrier, geo, cc) in &keys {
            if *has_carrier {
                n += data.carrier(digits, Lang::En).map_or(0, str::len);
            }
            if *geo {
                n += data.area(digits, Lang::En).map_or(0, str::len);
            }
            n += data.time_zones(if *geo { digits } else { cc }).len();
        }
        n
    });
    let rss_after = rss_kb();
    let (geo, carriers, zones) = data.stats();
    println!("corpus_inputs={}", cases.len());
    println!("rust_full_ops_per_sec={full:.0}");
    println!("rust_lookup_ops_per_sec={lookup:.0}");
    println!("phone_data_load_ms={load_ms:.1}");
    println!("phone_data_entries={geo}+{carriers}+{zones}");
    println!(
        "phone_rss_growth_mb={:.1}",
        (rss_after.saturating_sub(rss_before)) as f64 / 1024.0
    );
}
