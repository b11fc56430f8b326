//! Checkout throughput, printed, not asserted (scripts/bench-billing.sh
//! starts the server with a known sandbox webhook secret):
//! - N orders placed through `POST /portal/order`, C at a time: orders/s and latency;
//! - one signed "paid" webhook per order, C at a time: events/s (each creates
//!   an account, a subscription, a charge and two e-mail jobs);
//! - the same webhooks again: duplicate events/s (recognised by event id).
mod bench_support;
use std::time::{Duration, Instant};

struct Args {
    base: String,
    secret: String,
    orders: usize,
    concurrency: usize,
}

fn args() -> Args {
    let ([base, secret], [orders, concurrency]) = bench_support::positional(
        "billing-bench BASE_URL SECRET [ORDERS] [CONCURRENCY]",
        ["BASE_URL", "SECRET"],
        [("ORDERS", 500), ("CONCURRENCY", 32)],
    );
    Args {
        base,
        secret,
        orders,
        concurrency,
    }
}

fn report(what: &str, mut times: Vec<Duration>, wall: Duration, ok: usize) {
    times.sort();
    let pct = |p: f64| bench_support::percentile(&times, p);
    println!(
        "{what}: {} in {:.2}s = {:.0}/s, ok {ok}, p50 {:.1} ms, p99 {:.1} ms",
        times.len(),
        wall.as_secs_f64(),
        times.len() as f64 / wall.as_secs_f64(),
        pct(0.5).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3
    );
}

/// Runs `jobs` with at most `concurrency` in flight; returns (latencies, ok count, wall).
async fn run<F, Fut>(concurrency: usize, count: usize, job: F) -> (Vec<Duration>, usize, Duration)
where
    F: Fn(usize) -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = bool> + Send,
{
    let started = Instant::now();
    let limit = std::sync::Arc::new(tokio::sync::Semaphore::new(concurrency));
    let tasks: Vec<_> = (0..count)
        .map(|i| {
            let (job, limit) = (job.clone(), limit.clone());
            tokio::spawn(async move {
                let _slot = limit.acquire_owned().await.expect("semaphore");
                let t = Instant::now();
                (job(i).await, t.elapsed())
            })
        })
        .collect();
    let mut times = Vec::with_capacity(count);
    let mut ok = 0;
    for task in tasks {
        let (success, took) = task.await.expect("task");
        ok += usize::from(success);
        times.push(took);
    }
    (times, ok, started.elapsed())
}

fn paid_event(i: usize, order_no: &str) -> String {
    format!(
        r#"{{"id":"evt_bench_{i}","type":"checkout.paid","occurredAt":{},"data":{{"orderNo":"{order_no}","paymentRef":"sbx_pay_bench_{i}","token":null,"amountMinor":99,"currency":"USD","exponent":2,"insufficientFunds":false}}}}"#,
        server::clock::now_ms()
    )
}

type OrderNumbers = std::sync::Arc<std::sync::Mutex<Vec<String>>>;

#[tokio::main]
async fn main() {
    let args = args();
    let http = reqwest::Client::new();
    let plan = first_plan(&http, &args.base).await;
    let order_nos = place_orders(&http, &args, plan).await;
    for round in ["paid events", "duplicate events"] {
        send_paid_events(&http, &args, &order_nos, round).await;
    }
}

/// The id of the first price plan the portal offers.
async fn first_plan(http: &reqwest::Client, base: &str) -> i64 {
    let plans: serde_json::Value = http
        .get(format!(
            "{base}/api_f/v1/portal/priceSetup?hasWeight=true&channel=cpl2"
        ))
        .send()
        .await
        .expect("server")
        .json()
        .await
        .expect("json");
    plans["obj"][0]["id"].as_i64().expect("a plan")
}

/// Places `args.orders` orders, each from its own address; reports them and
/// returns their numbers (empty where an order failed).
async fn place_orders(http: &reqwest::Client, args: &Args, plan: i64) -> OrderNumbers {
    let url = format!("{}/api_f/v1/portal/order", args.base);
    let (h, u) = (http.clone(), url);
    let order_nos: OrderNumbers =
        std::sync::Arc::new(std::sync::Mutex::new(vec![String::new(); args.orders]));
    let store = order_nos.clone();
    let (times, ok, wall) = run(args.concurrency, args.orders, move |i| {
        let (h, u, store) = (h.clone(), u.clone(), store.clone());
        async move {
            let Some(no) = place_order(&h, &u, plan, i).await else {
                return false;
            };
            store.lock().unwrap()[i] = no;
            true
        }
    })
    .await;
    report("orders", times, wall, ok);
    order_nos
}

/// Order `i`'s number, or `None` when it was not placed.
async fn place_order(http: &reqwest::Client, url: &str, plan: i64, i: usize) -> Option<String> {
    let form = [
        ("planId", plan.to_string()),
        ("method", "card".into()),
        ("email", format!("bench{i}@example.com")),
        ("zip", "10110".into()),
        ("country", "US".into()),
        ("idempotencyKey", format!("bench-order-key-{i:08}")),
    ];
    let ip = format!("10.{}.{}.{}", i / 65536 % 256, i / 256 % 256, i % 256);
    let res = http
        .post(url)
        .header("x-forwarded-for", ip)
        .form(&form)
        .send()
        .await
        .ok()?;
    let body: serde_json::Value = res.json().await.unwrap_or_default();
    body["obj"]["orderNo"].as_str().map(str::to_owned)
}

/// One signed "paid" webhook per order; reported as `round`.
async fn send_paid_events(
    http: &reqwest::Client,
    args: &Args,
    order_nos: &OrderNumbers,
    round: &str,
) {
    let hook = format!("{}/api_f/v1/payments/webhook/sandbox", args.base);
    let (h, nos, secret) = (http.clone(), order_nos.clone(), args.secret.clone());
    let (times, ok, wall) = run(args.concurrency, args.orders, move |i| {
        let (h, hook, nos, secret) = (h.clone(), hook.clone(), nos.clone(), secret.clone());
        async move {
            let body = paid_event(i, &nos.lock().unwrap()[i]);
            let signature = server::payments::sandbox::sign(
                secret.as_bytes(),
                server::clock::now_ms() / 1000,
                body.as_bytes(),
            );
            let res = h
                .post(&hook)
                .header(server::payments::sandbox::SIGNATURE_HEADER, signature)
                .body(body)
                .send()
                .await;
            res.is_ok_and(|r| r.status().is_success())
        }
    })
    .await;
    report(round, times, wall, ok);
}
