use super::*;

/// The value of the line of `text` that starts with `metric{` and holds every label of `with`.
fn sample(text: &str, metric: &str, with: &[&str]) -> Option<String> {
    text.lines()
        .find(|line| {
            line.starts_with(&format!("{metric}{{")) && with.iter().all(|l| line.contains(l))
        })
        .and_then(|line| line.rsplit(' ').next())
        .map(str::to_owned)
}

#[test]
fn histograms_count_each_observation_in_every_bucket_it_fits() {
    observe("test_latency_seconds", "test", &[("route", "/a")], 0.004);
    observe("test_latency_seconds", "test", &[("route", "/a")], 3.0);
    let text = render();
    assert!(
        text.contains("# TYPE test_latency_seconds histogram"),
        "{text}"
    );
    let bucket = |le: &str| {
        sample(
            &text,
            "test_latency_seconds_bucket",
            &[r#"route="/a""#, &format!(r#"le="{le}""#)],
        )
    };
    assert_eq!(bucket("0.0025").as_deref(), Some("0"), "{text}");
    assert_eq!(bucket("0.005").as_deref(), Some("1"), "{text}");
    assert_eq!(bucket("10.0").as_deref(), Some("2"), "{text}");
    assert_eq!(bucket("+Inf").as_deref(), Some("2"), "{text}");
    assert_eq!(
        sample(&text, "test_latency_seconds_count", &[r#"route="/a""#]).as_deref(),
        Some("2"),
        "{text}"
    );
    assert!(text.ends_with("# EOF\n"), "{text}");
}

#[test]
fn counters_escape_label_values_and_end_in_total() {
    count("test_total", "test", &[("why", "a\"b")]);
    count("test_total", "test", &[("why", "a\"b")]);
    assert_eq!(counter_value("test_total", &[("why", "a\"b")]), 2);
    let text = render();
    assert!(text.contains("# TYPE test counter"), "{text}");
    assert!(text.contains("test_total{why=\"a\\\"b\"} 2"), "{text}");
}

#[test]
fn gauges_keep_only_the_series_of_the_last_scrape() {
    set_gauges("test_depth", "test", &[(vec![("kind", "a")], 3.0)]);
    set_gauges("test_depth", "test", &[(vec![("kind", "b")], 1.0)]);
    let text = render();
    assert!(text.contains("# TYPE test_depth gauge"), "{text}");
    assert!(!text.contains(r#"test_depth{kind="a"}"#), "{text}");
    assert_eq!(
        sample(&text, "test_depth", &[r#"kind="b""#]).as_deref(),
        Some("1.0"),
        "{text}"
    );
}
