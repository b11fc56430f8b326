//! Prometheus metrics of this process, kept in memory and rendered in the
//! text exposition format by `GET /metrics`. Hand-rolled (counters and one
//! histogram shape) rather than a metrics framework: a handful of series
//! do not justify another dependency tree in every build.
//!
//! Counters are process-wide on purpose: each instance reports its own and
//! Prometheus sums them across instances.
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::{Mutex, PoisonError};

/// Upper bounds (seconds) of the request latency buckets.
pub const LATENCY_BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

/// A series: metric name plus its rendered label set (`{a="x",b="y"}`).
type Series = (&'static str, String);

#[derive(Default)]
struct Histogram {
    buckets: [u64; LATENCY_BUCKETS.len()],
    count: u64,
    sum: f64,
}

#[derive(Default)]
struct Registry {
    counters: BTreeMap<Series, u64>,
    histograms: BTreeMap<Series, Histogram>,
    help: BTreeMap<&'static str, (&'static str, &'static str)>,
}

static REGISTRY: Mutex<Option<Registry>> = Mutex::new(None);

fn with<T>(f: impl FnOnce(&mut Registry) -> T) -> T {
    let mut guard = REGISTRY.lock().unwrap_or_else(PoisonError::into_inner);
    f(guard.get_or_insert_with(Registry::default))
}

/// Label values come from our own code (route templates, outcome names),
/// but a quote or backslash would still break the format.
fn labels(pairs: &[(&str, &str)]) -> String {
    if pairs.is_empty() {
        return String::new();
    }
    let body: Vec<String> = pairs
        .iter()
        .map(|(k, v)| {
            format!(
                "{k}=\"{}\"",
                v.replace('\\', "\\\\")
                    .replace('"', "\\\"")
                    .replace('\n', "\\n")
            )
        })
        .collect();
    format!("{{{}}}", body.join(","))
}

/// Adds one to the counter `name` with `pairs` as labels.
pub fn count(name: &'static str, help: &'static str, pairs: &[(&str, &str)]) {
    let series = (name, labels(pairs));
    with(|r| {
        r.help.entry(name).or_insert((help, "counter"));
        *r.counters.entry(series).or_default() += 1;
    });
}

/// Records one observation (seconds) in the histogram `name`.
pub fn observe(name: &'static str, help: &'static str, pairs: &[(&str, &str)], seconds: f64) {
    let series = (name, labels(pairs));
    with(|r| {
        r.help.entry(name).or_insert((help, "histogram"));
        let h = r.histograms.entry(series).or_default();
        h.count += 1;
        h.sum += seconds;
        for (bucket, bound) in h.buckets.iter_mut().zip(LATENCY_BUCKETS) {
            if seconds <= bound {
                *bucket += 1;
            }
        }
    });
}

/// The current value of a counter (tests and the render below).
pub fn counter_value(name: &'static str, pairs: &[(&str, &str)]) -> u64 {
    let series = (name, labels(pairs));
    with(|r| r.counters.get(&series).copied().unwrap_or(0))
}

/// One SMS handed to the provider: `sent`, `failed` or `uncertain`.
pub fn sms_outcome(outcome: &str) {
    count(
        "sms_outcomes_total",
        "SMS send attempts by outcome.",
        &[("outcome", outcome)],
    );
}

/// One voice call placed: `placed`, `failed` or `uncertain`.
pub fn call_outcome(outcome: &str) {
    count(
        "call_outcomes_total",
        "Voice call placements by outcome.",
        &[("outcome", outcome)],
    );
}

/// One renewal charge: `succeeded`, `declined`, `pending` or `provider_managed`.
pub fn payment_outcome(outcome: &str) {
    count(
        "payment_outcomes_total",
        "Renewal charges by outcome.",
        &[("outcome", outcome)],
    );
}

/// A request refused by a limit; `rule` is the limit key's first part.
pub fn limit_hit(key: &str) {
    let rule = key.split(':').next().unwrap_or_default();
    count(
        "limit_hits_total",
        "Requests refused by a rate limit or cap.",
        &[("rule", rule)],
    );
}

/// Everything recorded so far, in the text exposition format.
pub fn render() -> String {
    with(|r| {
        let mut out = String::new();
        for (name, (help, kind)) in &r.help {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
            for ((_, series), value) in r
                .counters
                .range((*name, String::new())..)
                .take_while(|((n, _), _)| n == name)
            {
                let _ = writeln!(out, "{name}{series} {value}");
            }
            for ((_, series), h) in r
                .histograms
                .range((*name, String::new())..)
                .take_while(|((n, _), _)| n == name)
            {
                render_histogram(&mut out, name, series, h);
            }
        }
        out
    })
}

fn render_histogram(out: &mut String, name: &str, series: &str, h: &Histogram) {
    // `le` joins the series' own labels.
    let with_le = |le: &str| {
        if series.is_empty() {
            format!("{{le=\"{le}\"}}")
        } else {
            format!("{},le=\"{le}\"}}", &series[..series.len() - 1])
        }
    };
    for (bucket, bound) in h.buckets.iter().zip(LATENCY_BUCKETS) {
        let _ = writeln!(out, "{name}_bucket{} {bucket}", with_le(&bound.to_string()));
    }
    let _ = writeln!(out, "{name}_bucket{} {}", with_le("+Inf"), h.count);
    let _ = writeln!(out, "{name}_sum{series} {}", h.sum);
    let _ = writeln!(out, "{name}_count{series} {}", h.count);
}

/// Renders one gauge family (values computed at scrape time).
pub fn render_gauge(out: &mut String, name: &str, help: &str, values: &[(Vec<(&str, &str)>, f64)]) {
    let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} gauge");
    for (pairs, value) in values {
        let _ = writeln!(out, "{name}{} {value}", labels(pairs));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_count_each_observation_in_every_bucket_it_fits() {
        observe("test_latency_seconds", "test", &[("route", "/a")], 0.004);
        observe("test_latency_seconds", "test", &[("route", "/a")], 3.0);
        let text = render();
        assert!(
            text.contains("# TYPE test_latency_seconds histogram"),
            "{text}"
        );
        assert!(
            text.contains("test_latency_seconds_bucket{route=\"/a\",le=\"0.0025\"} 0"),
            "{text}"
        );
        assert!(
            text.contains("test_latency_seconds_bucket{route=\"/a\",le=\"0.005\"} 1"),
            "{text}"
        );
        assert!(
            text.contains("test_latency_seconds_bucket{route=\"/a\",le=\"10\"} 2"),
            "{text}"
        );
        assert!(
            text.contains("test_latency_seconds_bucket{route=\"/a\",le=\"+Inf\"} 2"),
            "{text}"
        );
        assert!(
            text.contains("test_latency_seconds_count{route=\"/a\"} 2"),
            "{text}"
        );
    }

    #[test]
    fn counters_escape_label_values() {
        count("test_total", "test", &[("why", "a\"b")]);
        count("test_total", "test", &[("why", "a\"b")]);
        assert_eq!(counter_value("test_total", &[("why", "a\"b")]), 2);
        assert!(render().contains("test_total{why=\"a\\\"b\"} 2"));
    }
}
