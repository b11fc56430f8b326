//! Load figures for sign-in, printed, not asserted (scripts/bench-login.sh
//! starts the server and passes its address, database and pid):
//! - 256 concurrent logins with wrong passwords, each from its own client
//!   address: answers by status, latency, and the server's peak resident
//!   memory (VmHWM) — the target is under 300 MB and no 5xx but 503;
//! - "forgot password" answer times for known and unknown addresses,
//!   alternated, with their medians.
mod bench_support;
use bench_support::percentile;
use std::time::{Duration, Instant};

struct Args {
    base: String,
    database_url: String,
    pid: u32,
    concurrency: usize,
}

fn args() -> Args {
    let ([base, database_url, pid], [concurrency]) = bench_support::positional(
        "login-bench BASE_URL DATABASE_URL PID [CONCURRENCY]",
        ["BASE_URL", "DATABASE_URL", "PID"],
        [("CONCURRENCY", 256)],
    );
    Args {
        base,
        database_url,
        pid: pid.parse().expect("PID is a number"),
        concurrency,
    }
}

fn peak_rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse::<f64>().ok());
    kb.unwrap_or(0.0) / 1024.0
}

async fn create_users(database_url: &str, emails: &[String]) {
    let db = sea_orm::Database::connect(database_url)
        .await
        .expect("database");
    for email in emails {
        let new = server::services::accounts::users::NewUser {
            email: email.clone(),
            password: "right-password-1".into(),
            locale: app_core::i18n::Locale::En,
            payment_count: 1,
            vip_time: 0,
        };
        // Already there from an earlier run: fine.
        let _ = server::services::accounts::users::create(&db, new, server::clock::now_ms()).await;
    }
}

async fn login_burst(http: &reqwest::Client, args: &Args) {
    let url = format!("{}/api_f/v1/admin/userSession", args.base);
    let before = peak_rss_mb(args.pid);
    let started = Instant::now();
    let tasks = (0..args.concurrency).map(|i| {
        let (http, url) = (http.clone(), url.clone());
        tokio::spawn(async move {
            let t = Instant::now();
            let form = [
                ("email", "bench0@example.com".to_owned()),
                ("password", format!("wrong-password-{i}")),
            ];
            let ip = format!("10.{}.{}.{}", i / 65536 % 256, i / 256 % 256, i % 256);
            let status = http
                .post(&url)
                .header("x-forwarded-for", ip)
                .form(&form)
                .send()
                .await
                .map_or(0, |r| r.status().as_u16());
            (status, t.elapsed())
        })
    });
    // Spawn all first: the burst is concurrent.
    let tasks: Vec<_> = tasks.collect();
    let mut results = Vec::new();
    for task in tasks {
        results.push(task.await.expect("task"));
    }
    let total = started.elapsed();
    let mut by_status = std::collections::BTreeMap::new();
    for (status, _) in &results {
        *by_status.entry(*status).or_insert(0) += 1;
    }
    let mut times: Vec<Duration> = results.iter().map(|(_, t)| *t).collect();
    times.sort();
    println!(
        "logins={} concurrent, wall={:.2}s",
        args.concurrency,
        total.as_secs_f64()
    );
    println!("answers_by_status={by_status:?}");
    println!(
        "latency p50={:.0}ms p99={:.0}ms max={:.0}ms",
        percentile(&times, 0.5).as_secs_f64() * 1e3,
        percentile(&times, 0.99).as_secs_f64() * 1e3,
        percentile(&times, 1.0).as_secs_f64() * 1e3
    );
    println!(
        "server_peak_rss_mb before={before:.1} after={:.1} (target < 300)",
        peak_rss_mb(args.pid)
    );
}

async fn reset_timing(http: &reqwest::Client, args: &Args, known: &[String]) {
    let mut known_times = Vec::new();
    let mut unknown_times = Vec::new();
    for (i, email) in known.iter().enumerate() {
        for (address, times) in [
            (email.clone(), &mut known_times),
            (format!("nobody{i}@example.com"), &mut unknown_times),
        ] {
            let url = format!(
                "{}/api_f/v1/admin/userSession/forgetPassword/{address}",
                args.base
            );
            let t = Instant::now();
            let ok = http
                .get(&url)
                .header("x-forwarded-for", format!("10.200.{}.{}", i / 256, i % 256))
                .send()
                .await
                .is_ok_and(|r| r.status().is_success());
            if ok {
                times.push(t.elapsed());
            }
        }
    }
    known_times.sort();
    unknown_times.sort();
    println!(
        "forgot_password median known={:.2}ms unknown={:.2}ms (n={} / {})",
        percentile(&known_times, 0.5).as_secs_f64() * 1e3,
        percentile(&unknown_times, 0.5).as_secs_f64() * 1e3,
        known_times.len(),
        unknown_times.len()
    );
}

#[tokio::main]
async fn main() {
    let args = args();
    let known: Vec<String> = (0..100).map(|i| format!("bench{i}@example.com")).collect();
    create_users(&args.database_url, &known).await;
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(args.concurrency)
        .build()
        .expect("http client");
    login_burst(&http, &args).await;
    reset_timing(&http, &args, &known).await;
}
