//! Prometheus metrics of this process, kept in memory by the Prometheus
//! project's own `prometheus-client` crate and rendered in the OpenMetrics
//! text format by `GET /metrics`.
//!
//! Counters are process-wide on purpose: each instance reports its own and
//! Prometheus sums them across instances. Families are registered the first
//! time they are used, under the names the code uses (a counter's `_total`
//! is added by the format).
use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Mutex, PoisonError};

/// Upper bounds (seconds) of the request latency buckets.
pub const LATENCY_BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

/// The crate ends each help text with a full stop; ours are sentences already.
fn help_text(help: &str) -> &str {
    help.trim_end_matches('.')
}

/// A series' labels, in the order they are written.
type Labels = Vec<(String, String)>;
type Counters = Family<Labels, Counter>;
type Histograms = Family<Labels, Histogram, fn() -> Histogram>;
type Gauges = Family<Labels, Gauge<f64, AtomicU64>>;

#[derive(Default)]
struct Metrics {
    registry: Registry,
    counters: HashMap<&'static str, Counters>,
    histograms: HashMap<&'static str, Histograms>,
    gauges: HashMap<&'static str, Gauges>,
}

static METRICS: Mutex<Option<Metrics>> = Mutex::new(None);

fn with<T>(f: impl FnOnce(&mut Metrics) -> T) -> T {
    let mut guard = METRICS.lock().unwrap_or_else(PoisonError::into_inner);
    f(guard.get_or_insert_with(Metrics::default))
}

fn labels(pairs: &[(&str, &str)]) -> Labels {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

fn latency_histogram() -> Histogram {
    Histogram::new(LATENCY_BUCKETS)
}

impl Metrics {
    /// The counter family `name` (`…_total`), registered on first use.
    fn counter(&mut self, name: &'static str, help: &'static str) -> Counters {
        let registry = &mut self.registry;
        self.counters
            .entry(name)
            .or_insert_with(|| {
                let family = Counters::default();
                let base = name.strip_suffix("_total").unwrap_or(name);
                registry.register(base, help_text(help), family.clone());
                family
            })
            .clone()
    }

    fn histogram(&mut self, name: &'static str, help: &'static str) -> Histograms {
        let registry = &mut self.registry;
        self.histograms
            .entry(name)
            .or_insert_with(|| {
                let family = Histograms::new_with_constructor(latency_histogram as fn() -> _);
                registry.register(name, help_text(help), family.clone());
                family
            })
            .clone()
    }

    fn gauge(&mut self, name: &'static str, help: &'static str) -> Gauges {
        let registry = &mut self.registry;
        self.gauges
            .entry(name)
            .or_insert_with(|| {
                let family = Gauges::default();
                registry.register(name, help_text(help), family.clone());
                family
            })
            .clone()
    }
}

/// Adds one to the counter `name` (ending in `_total`) with `pairs` as labels.
pub fn count(name: &'static str, help: &'static str, pairs: &[(&str, &str)]) {
    let family = with(|m| m.counter(name, help));
    family.get_or_create(&labels(pairs)).inc();
}

/// Records one observation (seconds) in the histogram `name`.
pub fn observe(name: &'static str, help: &'static str, pairs: &[(&str, &str)], seconds: f64) {
    let family = with(|m| m.histogram(name, help));
    family.get_or_create(&labels(pairs)).observe(seconds);
}

/// Replaces every series of the gauge `name` by `values` (values computed
/// at scrape time: a series that is gone is dropped, not kept at its last value).
pub fn set_gauges(name: &'static str, help: &'static str, values: &[(Vec<(&str, &str)>, f64)]) {
    let family = with(|m| m.gauge(name, help));
    family.clear();
    for (pairs, value) in values {
        family.get_or_create(&labels(pairs)).set(*value);
    }
}

/// The current value of a counter (tests read it).
pub fn counter_value(name: &'static str, pairs: &[(&str, &str)]) -> u64 {
    let family = with(|m| m.counters.get(name).cloned());
    family.map_or(0, |f| f.get_or_create(&labels(pairs)).get())
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

/// The content type of [`render`]'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Everything recorded so far, in the OpenMetrics text format.
pub fn render() -> String {
    with(|m| {
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = encode(&mut out, &m.registry);
        out
    })
}

#[cfg(test)]
#[path = "metrics_tests.rs"]
mod tests;
