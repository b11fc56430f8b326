//! Speech figures (printed, not asserted): synthesis + encoding of a
//! 200-character message through the worker pool, one at a time (median,
//! p95) and four at a time (messages/s), next to the espeak-ng command line
//! for the same text, process start included. Every text is distinct, so
//! the cache never answers. Run by `scripts/measure.sh --speech`.
use app_core::model::voice::Voice;
use server::speech::{Speech, SpeechConfig, SpeechRequest};
use std::sync::Arc;
use std::time::{Duration, Instant};

const SEQUENTIAL: usize = 60;
const CONCURRENT: usize = 120;
const AT_ONCE: usize = 4;

/// A 200-character Indonesian message, made unique by `n`.
fn text(n: usize) -> String {
    let base = format!("Pesan nomor {n}: selamat ulang tahun, semoga sehat selalu, bahagia bersama keluarga, dan sukses dalam pekerjaan. Sampai jumpa minggu depan di rumah nenek ya, jangan lupa bawa kue dan bunga!");
    base.chars()
        .chain(std::iter::repeat('!'))
        .take(200)
        .collect()
}

fn request(n: usize) -> SpeechRequest {
    SpeechRequest {
        language: "id".into(),
        voice: Voice::Female,
        segments: vec![text(n)],
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn cli_baseline() -> Option<Duration> {
    let mut times = Vec::new();
    for n in 0..20 {
        let start = Instant::now();
        let status = std::process::Command::new("espeak-ng")
            .args(["-v", "id", "--stdout", &text(10_000 + n)])
            .stdout(std::process::Stdio::null())
            .status()
            .ok()?;
        status.success().then(|| times.push(start.elapsed()))?;
    }
    times.sort();
    Some(percentile(&times, 0.5))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    if std::env::args().nth(1).as_deref() == Some("speech-worker") {
        return server::speech::worker::run_stdio().map_err(|e| anyhow::anyhow!(e));
    }
    let config = SpeechConfig {
        workers: AT_ONCE,
        queue: CONCURRENT,
        cache_bytes: 0,
        worker_exe: std::env::current_exe()?,
    };
    let speech = Arc::new(Speech::start(&config)?);
    // Start the workers (process start and library load are not per message).
    render_all(&speech, 900_000, AT_ONCE).await;
    let mut times = Vec::with_capacity(SEQUENTIAL);
    let mut audio_ms = 0;
    for n in 0..SEQUENTIAL {
        let start = Instant::now();
        let rendered = speech
            .render(&request(n))
            .await
            .map_err(|e| anyhow::anyhow!("{e:?}"))?;
        times.push(start.elapsed());
        audio_ms = rendered.duration_ms;
    }
    times.sort();
    let start = Instant::now();
    let done = render_all(&speech, 100_000, CONCURRENT).await;
    let per_second = done as f64 / start.elapsed().as_secs_f64();
    println!(
        "speech: 200 characters of Indonesian = {:.1} s of audio (MP3 + 8 kHz μ-law WAV), {} cores",
        f64::from(audio_ms) / 1000.0,
        std::thread::available_parallelism().map_or(0, usize::from)
    );
    println!(
        "  pool, one at a time   median {:>6.1} ms   p95 {:>6.1} ms   ({SEQUENTIAL} messages)",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.95))
    );
    println!("  pool, {AT_ONCE} at a time     {per_second:>6.1} messages/s ({done} of {CONCURRENT} messages)");
    match cli_baseline() {
        Some(median) => println!(
            "  espeak-ng CLI, WAV only, process start included: median {:>6.1} ms",
            ms(median)
        ),
        None => println!("  espeak-ng CLI not installed: no baseline"),
    }
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Renders requests `from..from + count` at once (the pool bounds them)
/// and counts the successes.
async fn render_all(speech: &Arc<Speech>, from: usize, count: usize) -> usize {
    let mut set = tokio::task::JoinSet::new();
    for n in from..from + count {
        let speech = speech.clone();
        set.spawn(async move { speech.render(&request(n)).await.is_ok() });
    }
    set.join_all().await.into_iter().filter(|ok| *ok).count()
}
