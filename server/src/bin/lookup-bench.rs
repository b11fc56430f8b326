//! Reverse lookup throughput with the spam score, printed, not asserted
//! (scripts/bench-lookup.sh starts a release server with its own database):
//! 64 subscribers (one connection each) look up numbers of which some carry
//! reports, so every answer reads the directory and scores reports.
//! Prints lookups/s and p50/p99 latency (target: ≥ 5,000/s, p99 ≤ 20 ms).
//! With `-` as BASE_URL it only seeds and prints the session tokens, one per
//! line, for `wrk` to use (a lighter client on the same two cores).
mod bench_support;
use sea_orm::{ActiveModelTrait as _, ActiveValue::Set};
use server::persistence::entities::{locate_position, locate_request, spam_report, user};
use server::services::accounts::{sessions, ClientInfo};
use std::time::{Duration, Instant};

const NUMBERS: [&str; 8] = [
    "+447400123456",
    "+447400123457",
    "+6281234567890",
    "+6281311112222",
    "+12025550123",
    "+8613800138000",
    "+447911123456",
    "+61412345678",
];

struct Args {
    base: String,
    database_url: String,
    connections: usize,
    seconds: u64,
}

fn args() -> Args {
    let ([base, database_url], [connections, seconds]) = bench_support::positional(
        "lookup-bench BASE_URL DATABASE_URL [CONNECTIONS] [SECONDS]",
        ["BASE_URL", "DATABASE_URL"],
        [("CONNECTIONS", 64), ("SECONDS", 10)],
    );
    Args {
        base,
        database_url,
        connections,
        seconds: seconds as u64,
    }
}

/// Subscribers with sessions, and reports on half of the numbers.
async fn seed(database_url: &str, count: usize) -> Vec<String> {
    let db = sea_orm::Database::connect(database_url)
        .await
        .expect("database");
    let now = server::clock::now_ms();
    let mut tokens = Vec::with_capacity(count);
    for i in 0..count {
        let row = user::ActiveModel {
            email: Set(format!("lookupbench{i}.{now}@example.com")),
            email_normalized: Set(format!("lookupbench{i}.{now}@example.com")),
            password_hash: Set("bench-account".into()),
            payment_count: Set(1),
            vip_time: Set(now + 86_400_000),
            locale: Set("en".into()),
            created_at: Set(now - 90 * 86_400_000),
            updated_at: Set(now),
            ..Default::default()
        };
        let member = row.insert(&db).await.expect("user");
        for (n, number) in NUMBERS
            .iter()
            .enumerate()
            .filter(|(n, _)| (n + i) % 2 == 0)
            .take(3)
        {
            let report = spam_report::ActiveModel {
                phone_e164: Set((*number).to_owned()),
                reporter_id: Set(member.id),
                category: Set(if n % 3 == 0 { "scam" } else { "robocall" }.into()),
                comment: Set(String::new()),
                weight: Set(1.0),
                status: Set("visible".into()),
                created_at: Set(now - i64::try_from(n).unwrap_or(0) * 86_400_000),
                ..Default::default()
            };
            report.insert(&db).await.expect("report");
        }
        seed_requests(&db, member.id, requests_per_member(), now).await;
        let client = ClientInfo {
            ip: None,
            user_agent: Some("lookup-bench".into()),
        };
        tokens.push(
            sessions::start(&db, member, &client, now)
                .await
                .expect("session")
                .token,
        );
    }
    tokens
}

/// `BENCH_LOCATE_REQUESTS`: locate requests each member has (a dashboard
/// with answers for `scripts/measure.sh --ssr`); none by default.
fn requests_per_member() -> usize {
    std::env::var("BENCH_LOCATE_REQUESTS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// `count` requests of `member`, newest first: one located, one declined,
/// the rest waiting for their owner.
async fn seed_requests(db: &sea_orm::DatabaseConnection, member: i64, count: usize, now: i64) {
    for i in 0..count {
        let status = ["located", "declined"].get(i).copied().unwrap_or("sent");
        let created = now - i64::try_from(count - i).unwrap_or(0) * 60_000;
        let request = locate_request::ActiveModel {
            requester_id: Set(member),
            phone_e164: Set(NUMBERS[i % NUMBERS.len()].to_owned()),
            phone_region: Set("GB".into()),
            note: Set(String::new()),
            label: Set(format!("Phone {i}")),
            status: Set(status.into()),
            link_token_hash: Set(format!("bench-{member}-{i}")),
            expires_at: Set(now + 86_400_000),
            resent: Set(false),
            unseen: Set(i < 2),
            receipt_token_hash: Set(String::new()),
            notify_email: Set(false),
            created_at: Set(created),
            updated_at: Set(created),
            ..Default::default()
        };
        let request = request.insert(db).await.expect("locate request");
        if status == "located" {
            let position = locate_position::ActiveModel {
                request_id: Set(request.id),
                latitude: Set(51.5),
                longitude: Set(-0.12),
                accuracy: Set(Some(20.0)),
                shared_at: Set(created),
                delete_after: Set(now + 86_400_000),
                precision: Set("precise".into()),
                live_until: Set(None),
                ..Default::default()
            };
            position.insert(db).await.expect("position");
        }
    }
}

#[tokio::main]
async fn main() {
    let args = args();
    let tokens = seed(&args.database_url, args.connections).await;
    if args.base == "-" {
        // Seed only: one session token per line, for `wrk` (scripts/bench-lookup.sh).
        for token in tokens {
            println!("{token}");
        }
        return;
    }
    load(&args, tokens).await;
}

/// The load from this process (`reqwest`), when `wrk` is not at hand.
async fn load(args: &Args, tokens: Vec<String>) {
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let started = Instant::now();
    let workers: Vec<_> = tokens
        .into_iter()
        .enumerate()
        .map(|(i, token)| {
            let base = args.base.clone();
            tokio::spawn(async move {
                // One connection per worker: 64 workers, 64 connections.
                let http = reqwest::Client::builder()
                    .pool_max_idle_per_host(1)
                    .build()
                    .expect("client");
                let (mut times, mut failed) = (Vec::new(), 0_usize);
                let mut n = i;
                while Instant::now() < deadline {
                    let number = NUMBERS[n % NUMBERS.len()];
                    n += 1;
                    let url = format!("{base}/api_f/v1{}", app_core::api::lookup_path("", number));
                    let t = Instant::now();
                    let ok = http
                        .get(&url)
                        .header("token", &token)
                        .send()
                        .await
                        .is_ok_and(|r| r.status().is_success());
                    times.push(t.elapsed());
                    failed += usize::from(!ok);
                }
                (times, failed)
            })
        })
        .collect();
    let (mut times, mut failed) = (Vec::new(), 0);
    for worker in workers {
        let (t, f) = worker.await.expect("worker");
        times.extend(t);
        failed += f;
    }
    let wall = started.elapsed();
    times.sort();
    let pct = |p: f64| bench_support::percentile(&times, p);
    println!(
        "lookups with spam score: {} in {:.1}s at {} connections = {:.0}/s, failed {failed}, p50 {:.2} ms, p99 {:.2} ms (target >= 5000/s, p99 <= 20 ms)",
        times.len(),
        wall.as_secs_f64(),
        args.connections,
        times.len() as f64 / wall.as_secs_f64(),
        pct(0.5).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3
    );
}
